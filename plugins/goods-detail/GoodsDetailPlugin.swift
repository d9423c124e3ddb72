import GoodsViewModels
import PluginKit

/// The `goods.detail` route (`GoodsRoutes.detail`): selecting a row in the goods list opens the
/// item's detail page. Its view model, layout (`goods-detail.ui`) and catalogue
/// (`goodsdesk-detail`, the manifest's `Gettext-Domain`) are its own.
@MainActor
final class GoodsDetailPlugin: Plugin {
    let info = PluginInfo(id: "io.github.goodsdesk.detail", name: tr("商品详情"), version: "1.0")

    func register(in registry: PluginRegistry) throws {
        // The list sends the row's view model itself, typed by the route's key.
        try registry.registerScreen(GoodsDetailController.self, route: GoodsRoutes.detail) { item, _ in GoodsDetailViewModel(item: item) }
    }
}

/// The entry point the app looks up when it loads this library.
@_cdecl("goodsdesk_plugin_entry") public func pluginEntry() -> UnsafeMutableRawPointer { PluginExport.export { GoodsDetailPlugin() } }
