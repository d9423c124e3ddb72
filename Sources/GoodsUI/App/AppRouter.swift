import Foundation
import GoodsDomain
import GoodsViewModels
import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// The composition root for successors: the one place that builds the app's view models from
/// the services, so no view model builds another. View models name where to go by route
/// (`GoodsRoutes`); the router registers the built-in routes — `opened`, `login`, `list`, and the
/// row's pages `seller`, `place`, `comments` — in the
/// plugin registry, beside the plugins' own, and each builds its view model and asks the registry
/// for the screen that shows it (`registerScreen`), as any screen is found.
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
    let itemSync = GoodsItemSync()

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

    /// Registers the built-in routes in `registry`, owned by the app (call it before loading
    /// plugins, so none can take their names). Their screens come from the screens registered
    /// for `LoginViewModel` and `GoodsViewModel`; a route opened before the store is open finds
    /// no screen.
    public func register(in registry: PluginRegistry) throws(RegistrationError) {
        try registry.registerRoute(GoodsRoutes.opened) { [weak self, weak registry] store, context in
            guard let self, let registry else { return nil }
            openServices.value = makeServices(store)
            return makeLogin().flatMap { registry.controller(for: $0, in: context) }
        }
        try registry.registerRoute(GoodsRoutes.login) { [weak self, weak registry] _, context in
            guard let registry, let login = self?.makeLogin() else { return nil }
            return registry.controller(for: login, in: context)
        }
        try registry.registerRoute(GoodsRoutes.list) { [weak self, weak registry] account, context in
            guard let registry, let list = self?.makeGoodsList(for: account) else { return nil }
            // Banners open in the app while a plugin provides the web page (asked at each click).
            list.hasWebPageScreen = { [weak registry] in registry?.hasRoute(GoodsRoutes.web) ?? false }
            return registry.controller(for: list, in: context)
        }
        // The row's pages (and the detail page's): a seller's goods, the goods at a place, an
        // item's comments, shown by the screens GoodsListPlugin registers for their view models.
        try registry.registerRoute(GoodsRoutes.seller) { [weak self, weak registry] seller, context in
            guard let self, let registry, let services else { return nil }
            return registry.controller(for: SellerGoodsViewModel(seller: seller, goods: services, likes: services, sync: itemSync), in: context)
        }
        try registry.registerRoute(GoodsRoutes.place) { [weak self, weak registry] place, context in
            guard let self, let registry, let services else { return nil }
            return registry.controller(for: PlaceGoodsViewModel(place: place, goods: services, likes: services, sync: itemSync), in: context)
        }
        try registry.registerRoute(GoodsRoutes.comments) { [weak self, weak registry] item, context in
            guard let registry, let services = self?.services else { return nil }
            return registry.controller(for: CommentsViewModel(item: item, comments: services), in: context)
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
        let sync = itemSync
        let currentList = self.currentList
        try registry.registerRestoration(RouteRestoration<GoodsItemViewModel>(save: { String($0.id) }) { text in
            guard let services = services.value, let id = Int(text), id > 0 else { return SignalProducer(value: nil) }
            return services.item(id: id).map { goods in
                goods.map { goods in
                    GoodsItemViewModel(goods: goods, likes: services, publishTime: PublishTime(now: Date()), sync: sync) { report in
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

    /// The goods list for `account`, who has just logged in (the session already holds them).
    func makeGoodsList(for account: Account) -> GoodsViewModel? {
        guard let services else { return nil }
        // The session holds the account: after a login it already does; restored, it does now.
        if services.session.account.value != account { services.session.account.value = account }
        let goods = GoodsViewModel(goods: services, banners: services, likes: services, session: services.session, scheduler: scheduler, sync: itemSync)
        goods.enableSearch(services, likes: services, scheduler: scheduler)
        currentList.value = WeakList(list: goods)
        return goods
    }
}

/// The goods list a restored row reports through, held weakly.
private struct WeakList: Sendable {
    weak var list: GoodsViewModel?
}
