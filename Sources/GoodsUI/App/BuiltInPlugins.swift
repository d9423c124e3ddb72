import Foundation
import GoodsDomain
import GoodsViewModels
import GtkReactive
import PluginKit
import Localization

/// The login screen, as a plugin like any other.
@MainActor
public final class LoginPlugin: Plugin {
    public let info = PluginInfo(id: "io.github.goodsdesk.login", name: tr("登录"), version: GoodsDeskApp.version)
    public init() {}
    public func register(in registry: PluginRegistry) throws {
        try registry.registerScreen(for: LoginViewModel.self) { LoginController(viewModel: $0, context: $1) }
    }
}

/// The goods list, as a plugin like any other.
@MainActor
public final class GoodsListPlugin: Plugin {
    public let info = PluginInfo(id: "io.github.goodsdesk.goods", name: tr("推荐商品"), version: GoodsDeskApp.version)
    public init() {}
    public func register(in registry: PluginRegistry) throws {
        try registry.registerScreen(for: GoodsViewModel.self) { GoodsListController(viewModel: $0, context: $1) }
        // The row's pages: the seller's goods, the goods at a place, an item's comments.
        try registry.registerScreen(for: SellerGoodsViewModel.self) { GoodsListPageController(viewModel: $0, context: $1) }
        try registry.registerScreen(for: PlaceGoodsViewModel.self) { GoodsListPageController(viewModel: $0, context: $1) }
        try registry.registerScreen(for: CommentsViewModel.self) { CommentsController(viewModel: $0, context: $1) }
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
        try registry.registerScreen(for: StartViewModel.self) { StartController(viewModel: $0, context: $1) }
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
