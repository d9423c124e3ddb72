import GoodsViewModels
import PluginKit
import Localization

/// The `goods.detail` route: selecting a row in the goods list opens the item's detail page.
@MainActor
final class GoodsDetailPlugin: Plugin {
    let info = PluginInfo(id: "io.github.goodsdesk.detail", name: tr("商品详情"), version: "1.0")

    func register(in registry: PluginRegistry) throws {
        try registry.registerRoute(GoodsViewModel.detailRoute) { argument, context in
            // The list sends the row's view model; anything else is not ours to show.
            guard let item = argument as? GoodsItemViewModel else { return nil }
            return GoodsDetailController(viewModel: GoodsDetailViewModel(item: item), context: context)
        }
    }
}

/// The entry point the app looks up when it loads this library.
@_cdecl("goodsdesk_plugin_entry")
public func goodsdeskPluginEntry() -> UnsafeMutableRawPointer {
    PluginExport.export { GoodsDetailPlugin() }
}
