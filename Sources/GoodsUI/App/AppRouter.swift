import Foundation
import GoodsDomain
import GoodsViewModels
import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// The composition root for successors: what builds the app's view models from the services, so
/// no view model builds another. View models name where to go by route (`GoodsRoutes`); the
/// built-in plugins register each route with its screen in one line
/// (`registry.registerScreen(CommentsController.self, route: GoodsRoutes.comments) { … }`),
/// making its view model from the router's `services` (and `liveGoods`), or with `makeLogin` and
/// `makeGoodsList`, which hold state of their own. The router itself registers `opened` (the
/// store has opened: the services, then the login) and how the screens come back after a restart.
///
/// It holds the services once the store has opened (`GoodsRoutes.opened`).
@MainActor
public final class AppRouter {
    /// The services over the store, once it has opened.
    public var services: LocalServices? { openServices.value }
    /// The services, readable from any thread (the restorations find their arguments off the main thread).
    private let openServices = MutableProperty<LocalServices?>(nil)
    /// The goods list on screen, for the rows a restoration brings back to report through.
    private let currentList = MutableProperty(WeakList())
    private let preferences: any Preferences
    private let scheduler: any DateScheduler
    private let makeServices: @MainActor (GoodsStore) -> LocalServices
    /// Keeps an item's rows in step across the screens the router builds (list, search, seller
    /// and place pages): a like or comment on one shows on all.
    let liveGoods = LiveGoods()

    /// A router that builds the services from the store when it opens.
    /// - Parameters:
    ///   - scheduler: drives the goods list's carousel (the main loop; virtual time in tests).
    ///   - makeServices: the services over a store that has just opened.
    public init(
        preferences: any Preferences, scheduler: any DateScheduler = MainLoopScheduler.shared,
        makeServices: @escaping @MainActor (GoodsStore) -> LocalServices
    ) {
        self.preferences = preferences
        self.scheduler = scheduler
        self.makeServices = makeServices
    }

    /// A router over services already open (tests; a second window).
    public convenience init(services: LocalServices, preferences: any Preferences, scheduler: any DateScheduler) {
        self.init(preferences: preferences, scheduler: scheduler) { _ in services }
        openServices.value = services
    }

    /// Registers `GoodsRoutes.opened` and the screens' restorations in `registry`, owned by the
    /// app (call it before loading plugins, so none can take their names). `opened` shows the
    /// login route's screen (`LoginPlugin`'s); a route opened before the store is open finds no
    /// screen.
    public func register(in registry: PluginRegistry) throws(RegistrationError) {
        try registry.registerRoute(GoodsRoutes.opened) { [weak self, weak registry] store, context in
            guard let self, let registry else { return nil }
            openServices.value = makeServices(store)
            return registry.controller(route: GoodsRoutes.login, argument: (), in: context)
        }
        try registerRestorations(in: registry)
    }

    /// How the screens come back after a restart: the login as it is; the goods list for the
    /// account with the saved phone (if it is still known); the goods at a place; an item's detail
    /// page (whichever plugin provides it) for the item with the saved id, if it still exists.
    /// The seller's page and the comments are not kept: what stood above them goes too.
    private func registerRestorations(in registry: PluginRegistry) throws(RegistrationError) {
        let services = openServices
        try registry.registerRestoration(.plain, for: GoodsRoutes.login)
        try registry.registerRestoration(RouteRestoration<Account>(save: { $0.phone }) { phone in
            guard let services = services.value, LoginInput.normalizedPhone(phone) == phone else { return SignalProducer(value: nil) }
            return services.account(phone: phone)
        }, for: GoodsRoutes.list)
        try registry.registerRestoration(RouteRestoration<String>(save: { $0 }) { place in
            SignalProducer(value: place.isEmpty || place.count > 100 ? nil : place)
        }, for: GoodsRoutes.place)
        let live = liveGoods
        let currentList = self.currentList
        try registry.registerRestoration(RouteRestoration<GoodsItemViewModel>(save: { String($0.id) }) { text in
            guard let services = services.value, let id = Int(text), id > 0 else { return SignalProducer(value: nil) }
            return services.item(id: id).map { goods in
                goods.map { goods in
                    GoodsItemViewModel(goods: goods, likes: services, publishTime: PublishTime(now: Date()), live: live) { report in
                        currentList.value.list?.show(report)
                    }
                }
            }
        }, for: GoodsRoutes.detail)
    }

    /// The first screen's request: the login when the services are already open, else the start
    /// screen over `opening`, which opens `GoodsRoutes.opened` once the store is open.
    public func firstScreen(opening: @autoclosure () -> SignalProducer<StoreOpeningEvent, StoreError>) -> NavigationRequest {
        guard services == nil else { return .open(Destination(GoodsRoutes.login), .replaceRoot) }
        return .resetToRoot(StartViewModel(opening: opening(), scheduler: scheduler))
    }

    /// The login over the open services.
    func makeLogin() -> LoginViewModel? {
        guard let services else { return nil }
        return LoginViewModel(service: services, accounts: services, preferences: preferences)
    }

    /// The goods list for `account`, who has just logged in (the session already holds them);
    /// `hasWebPageScreen` says whether banners open in the app.
    func makeGoodsList(for account: Account, hasWebPageScreen: @escaping @MainActor () -> Bool) -> GoodsViewModel? {
        guard let services else { return nil }
        // The session holds the account: after a login it already does; restored, it does now.
        if services.session.account.value != account { services.session.account.value = account }
        let goods = GoodsViewModel(goods: services, banners: services, likes: services, session: services.session, scheduler: scheduler, live: liveGoods)
        goods.enableSearch(services, likes: services, scheduler: scheduler)
        goods.hasWebPageScreen = hasWebPageScreen
        currentList.value = WeakList(list: goods)
        return goods
    }
}

/// The goods list a restored row reports through, held weakly.
private struct WeakList: Sendable {
    weak var list: GoodsViewModel?
}
