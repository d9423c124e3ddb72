/// A user who has logged in on this machine: the phone number identifies them.
public struct Account: Sendable, Equatable, Hashable {
    public var phone: String
    public var nickname: String
    /// Where the avatar image is (a file path relative to the data set, or a URL); nil for none.
    public var avatar: String?

    public init(phone: String, nickname: String, avatar: String?) {
        self.phone = phone
        self.nickname = nickname
        self.avatar = avatar
    }
}
