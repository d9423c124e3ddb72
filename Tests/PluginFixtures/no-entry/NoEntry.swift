import PluginKit

/// A plugin type, but no `goodsdesk_plugin_entry` to make it with.
@MainActor
final class UnreachablePlugin: Plugin {
    let info = PluginInfo(id: "test.goodsdesk.no-entry", name: "No entry fixture", version: "0.1")
    func register(in registry: PluginRegistry) throws {}
}
