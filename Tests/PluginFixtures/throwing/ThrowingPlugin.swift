import PluginKit

struct DeliberateFailure: Error, CustomStringConvertible {
    var description: String { "the fixture refuses to register" }
}

@MainActor
final class ThrowingPlugin: Plugin {
    let info = PluginInfo(id: "test.goodsdesk.throwing", name: "Throwing fixture", version: "0.1")

    func register(in registry: PluginRegistry) throws {
        try registry.registerRoute("fixture.half-registered") { _, _ in nil }
        throw DeliberateFailure()
    }
}

@_cdecl("goodsdesk_plugin_entry") public func pluginEntry() -> UnsafeMutableRawPointer { PluginExport.export { ThrowingPlugin() } }
