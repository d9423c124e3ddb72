import Reactive
import Localization

/// The services, answered from the local store through the simulated server.
public struct LocalServices: LoginService, GoodsService, BannerService, LikeService, AccountDirectory {
    public let store: GoodsStore
    public let server: SimulatedServer
    public let session: Session

    public init(store: GoodsStore, server: SimulatedServer, session: Session) {
        self.store = store
        self.server = server
        self.session = session
    }

    public func login(phone: String, code: String) -> SignalProducer<Account, ServiceError> {
        let store = self.store
        let session = self.session
        return server.answer(.login) { () throws(ServiceError) -> Account in
            let account = try Self.existingOrNewAccount(phone: phone, store: store)
            do throws(StoreError) {
                try store.save(account)
            } catch {
                // A read-only store (its reason is on screen) still lets the user browse.
                guard case .readOnly = error.kind else { throw ServiceError(error, request: .login) }
            }
            return account
        }
        // The session changes on the main loop, where the answer arrives and its observers live.
        .on(value: { session.account.value = $0 })
    }

    /// The account already known for `phone` (one that logged in here keeps its avatar; the
    /// demo's seeded account has its own), or a new one with a nickname and no avatar: the
    /// placeholder, never a seller's picture.
    static func existingOrNewAccount(phone: String, store: GoodsStore) throws(ServiceError) -> Account {
        do {
            if let known = try store.account(phone: phone) ?? Account.seeded(phone: phone) { return known }
            return Account(phone: phone, nickname: tr("用户{0}", phone.suffix(4)), avatar: nil)
        } catch {
            throw ServiceError(error, request: .login)
        }
    }

    public func page(_ number: Int, size: Int) -> SignalProducer<GoodsPage, ServiceError> {
        let session = self.session
        return answer(.goodsPage) { store throws(StoreError) in
            try store.page(number, size: size, viewer: session.account.value?.phone)
        }
    }

    public func banners() -> SignalProducer<[Banner], ServiceError> {
        answer(.banners) { store throws(StoreError) in try store.banners() }
    }

    /// Answers `request` from the store; a store failure becomes the request's `ServiceError`.
    func answer<Value: Sendable>(
        _ request: SimulatedServer.Request,
        _ read: @escaping @Sendable (GoodsStore) throws(StoreError) -> Value
    ) -> SignalProducer<Value, ServiceError> {
        let store = self.store
        return server.answer(request) { () throws(ServiceError) -> Value in
            do throws(StoreError) {
                return try read(store)
            } catch {
                throw ServiceError(error, request: request)
            }
        }
    }

    public func setLiked(_ liked: Bool, goodsID: Int) -> SignalProducer<Goods, ServiceError> {
        let store = self.store
        let session = self.session
        return server.answer(.like) { () throws(ServiceError) -> Goods in
            guard let phone = session.account.value?.phone else { throw ServiceError(.notLoggedIn, request: .like) }
            do throws(StoreError) {
                return try store.setLiked(liked, goodsID: goodsID, phone: phone)
            } catch {
                throw ServiceError(error, request: .like)
            }
        }
    }

    /// The account that logged in with `phone` on this machine, else the seeded one for it
    /// (`Account.demo`), else nil.
    public func account(phone: String) -> SignalProducer<Account?, Never> {
        let store = self.store
        return server.local { (try? store.account(phone: phone)) ?? Account.seeded(phone: phone) }
    }
}
