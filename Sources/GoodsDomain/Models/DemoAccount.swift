extension Account {
    /// The original demo's mock account (its `MHAccount`: CoderMikeHe), for the seeds' sample
    /// phone (填充's 13874389438), with its own picture in the data set. Every store knows it
    /// before anyone logs in, so the login screen shows its avatar as soon as the number is typed,
    /// as the demo does.
    public static let demo = Account(phone: "13874389438", nickname: "CoderMikeHe", avatar: "images/avatars/account.svg")

    /// The accounts known before anyone has logged in on this machine: the demo's.
    public static let seeded: [Account] = [demo]

    /// The seeded account for `phone`, if any.
    public static func seeded(phone: String) -> Account? {
        seeded.first { $0.phone == phone }
    }
}
