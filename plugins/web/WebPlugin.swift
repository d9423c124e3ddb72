import GoodsViewModels
import GtkReactive
import PluginKit

/// The `web.page` route (`GoodsRoutes.web`): a banner's page inside the app, on WebKitGTK 6 —
/// its load progress, its title as the pane's, 关闭 and 在浏览器中打开. Pages load only if the
/// navigation policy allows them: web pages, and the data set's own pages (files inside its folder).
@MainActor
final class WebPagePlugin: Plugin {
    let info = PluginInfo(id: "io.github.goodsdesk.web", name: tr("网页"), version: "1.0")

    func register(in registry: PluginRegistry) throws {
        try registry.registerScreen(WebPageController.self, route: GoodsRoutes.web) { page, context in
            WebPageViewModel(page: page, policy: WebNavigationPolicy(localFolder: context.pictures.dataSetDirectory))
        }
    }
}

/// The entry point the app looks up when it loads this library.
@_cdecl("goodsdesk_plugin_entry") public func pluginEntry() -> UnsafeMutableRawPointer { PluginExport.export { WebPagePlugin() } }
