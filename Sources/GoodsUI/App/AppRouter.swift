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
    public private(set) var services: LocalServices?
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
        self.services = services
    }

    /// Registers the built-in routes in `registry`, owned by the app (call it before loading
    /// plugins, so none can take their names). Their screens come from the screens registered
    /// for `LoginViewModel` and `GoodsViewModel`; a route opened before the store is open finds
    /// no screen.
    public func register(in registry: PluginRegistry) throws(RegistrationError) {
        try registry.registerRoute(GoodsRoutes.opened) { [weak self, weak registry] store, context in
            guard let self, let registry else { return nil }
            services = makeServices(store)
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
        let goods = GoodsViewModel(goods: services, banners: services, likes: services, session: services.session, scheduler: scheduler, sync: itemSync)
        goods.enableSearch(services, likes: services, scheduler: scheduler)
        return goods
    }
}
