import Reactive

/// Logs a user in (the seeds' simulated request).
public protocol LoginService: Sendable {
    /// Logs in with an already validated phone number and code; records the account locally.
    func login(phone: String, code: String) -> SignalProducer<Account, ServiceError>
}

/// Loads goods, page by page.
public protocol GoodsService: Sendable {
    /// Page `number` (from 1) of `size` goods, with likes as the logged-in user sees them.
    func page(_ number: Int, size: Int) -> SignalProducer<GoodsPage, ServiceError>
}

/// Loads the carousel's banners.
public protocol BannerService: Sendable {
    func banners() -> SignalProducer<[Banner], ServiceError>
}

/// Likes and unlikes goods for the logged-in user.
public protocol LikeService: Sendable {
    /// Likes or unlikes; sends the item as it is afterwards.
    func setLiked(_ liked: Bool, goodsID: Int) -> SignalProducer<Goods, ServiceError>
}

/// Accounts known on this machine: looked up off the GTK thread, answered on the main loop.
public protocol AccountDirectory: Sendable {
    /// The account known for `phone` (nil when none); disposing the start drops the answer.
    func account(phone: String) -> SignalProducer<Account?, Never>
}

/// Who is logged in.
public final class Session: Sendable {
    /// The logged-in account, nil when logged out.
    public let account = MutableProperty<Account?>(nil)
    public init() {}
}
