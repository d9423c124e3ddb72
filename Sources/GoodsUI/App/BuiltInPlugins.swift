import Foundation
import GoodsDomain
import GoodsViewModels
import GtkReactive
import PluginKit
import Localization

/// The login screen, as a plugin like any other: `GoodsRoutes.login`, its view model from the
/// router (the composition root).
@MainActor
public final class LoginPlugin: Plugin {
    public let info = PluginInfo(id: "io.github.goodsdesk.login", name: tr("登录"), version: GoodsDeskApp.version)
    private let router: AppRouter
    public init(router: AppRouter) { self.router = router }
    public func register(in registry: PluginRegistry) throws {
        try registry.registerScreen(LoginController.self, route: GoodsRoutes.login) { [router] _, _ in router.makeLogin() }
    }
}

/// The goods list and the row's pages (the seller's goods, the goods at a place, an item's
/// comments), as a plugin like any other: one line per screen, its route and how the router's
/// services make its view model.
@MainActor
public final class GoodsListPlugin: Plugin {
    public let info = PluginInfo(id: "io.github.goodsdesk.goods", name: tr("推荐商品"), version: GoodsDeskApp.version)
    private let router: AppRouter
    public init(router: AppRouter) { self.router = router }
    public func register(in registry: PluginRegistry) throws {
        // Banners open in the app while a plugin provides the web page (asked at each click).
        try registry.registerScreen(GoodsListController.self, route: GoodsRoutes.list) { [router, weak registry] account, _ in
            router.makeGoodsList(for: account, hasWebPageScreen: { registry?.hasRoute(GoodsRoutes.web) ?? false })
        }
        try registry.registerScreen(GoodsListPageController.self, route: GoodsRoutes.seller) { [router] seller, _ in
            router.services.map { SellerGoodsViewModel(seller: seller, goods: $0, likes: $0, live: router.liveGoods) } }
        try registry.registerScreen(GoodsListPageController.self, route: GoodsRoutes.place) { [router] place, _ in
            router.services.map { PlaceGoodsViewModel(place: place, goods: $0, likes: $0, live: router.liveGoods) } }
        try registry.registerScreen(CommentsController.self, route: GoodsRoutes.comments) { [router] item, _ in
            router.services.map { CommentsViewModel(item: item, comments: $0) } }
    }
}

/// The app's own menu actions and data source, as a plugin like any other: the 插件 dialog, About, and
/// `dataset`, any folder in the app's data-set layout (`--data-source dataset:/path`).
@MainActor
public final class AppPlugin: Plugin {
    public let info = PluginInfo(id: "io.github.goodsdesk.app", name: "GoodsDesk", version: GoodsDeskApp.version)
    private let showPlugins: @MainActor @Sendable (ScreenContext) -> Void

    /// - Parameter showPlugins: opens the 插件 dialog.
    public init(showPlugins: @escaping @MainActor @Sendable (ScreenContext) -> Void) {
        self.showPlugins = showPlugins
    }

    public func register(in registry: PluginRegistry) throws {
        try registry.registerScreen(StartController.self)
        try registry.registerAction(AppAction(id: "plugins.show", title: tr("插件"), accelerator: "<Control><Shift>p", perform: showPlugins))
        try registry.registerAction(AppAction(id: "app.about", title: tr("关于 GoodsDesk")) { context in
            AboutDialog.show(GoodsDeskApp.about, over: context.chrome.windowWidget)
        })
        try registry.registerDataSource(DataSource(id: "dataset", name: tr("GoodsDesk 数据集")) { folder in
            let url = URL(fileURLWithPath: folder)
            return DataSourceContent(dataSet: try DataSet.load(from: url), pictureDirectory: url)
        })
    }
}
