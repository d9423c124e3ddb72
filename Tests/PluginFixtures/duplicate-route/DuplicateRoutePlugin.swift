import PluginKit

@MainActor
final class DuplicateRoutePlugin: Plugin {
    let info = PluginInfo(id: "test.goodsdesk.duplicate-route", name: "Duplicate route fixture", version: "0.1")

    func register(in registry: PluginRegistry) throws {
        try registry.registerRoute("goods.detail") { _, _ in nil }
    }
}

@_cdecl("goodsdesk_plugin_entry") public func pluginEntry() -> UnsafeMutableRawPointer { PluginExport.export { DuplicateRoutePlugin() } }
