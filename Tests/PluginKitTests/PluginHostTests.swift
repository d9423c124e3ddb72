import Foundation
@testable import PluginKit
import TestSupport
import Testing

/// The app PluginKit hosts plugins for: its name in messages and the symbols looked up, all the
/// app's own (PluginKit has no default app).
@MainActor
@Suite("Plugin host", .serialized)
struct PluginHostTests {
    func manifest() -> PluginManifest {
        PluginManifest(file: URL(fileURLWithPath: "/p/test.host.plugin"), id: "test.host", module: "test", name: "test",
                       description: "", version: "1", authors: [], apiVersion: pluginAPIVersion)
    }

    func refusal(host: PluginHost) -> String? {
        do {
            _ = try PluginLoader.plugin(from: nil, manifest: manifest(), libraryName: "libtest.so", host: host)
            return nil
        } catch {
            return error.message
        }
    }

    /// The lines loading logs for a search path with one refused (relative) folder.
    func lines(host: PluginHost) -> [String] {
        let searchPath = PluginSearchPath(pluginDirectories: ["relative"], environment: [:],
                                          dataDirectory: URL(fileURLWithPath: "/nonexistent-goodsdesk"), prefixPluginDirectory: nil,
                                          host: host)
        var lines: [String] = []
        PluginRegistry().loadExternalPlugins(from: searchPath, disabled: [], host: host, log: { lines.append($0) })
        return lines
    }

    @Test func theSymbolsAndTheVariableFollowTheName() {
        let host = PluginHost(name: "GoodsDesk")
        #expect(host.name == "GoodsDesk")
        #expect(host.entrySymbol == "goodsdesk_plugin_entry")
        #expect(host.identifierSymbol == "goodsdesk_plugin_build_identifier")
        #expect(host.pathVariable == "GOODSDESK_PLUGIN_PATH")
        let spaced = PluginHost(name: "My Shelf 2")
        #expect(spaced.entrySymbol == "my_shelf_2_plugin_entry" && spaced.pathVariable == "MY_SHELF_2_PLUGIN_PATH")
        #expect(PluginHost(name: "Shelf", entrySymbol: "shelf_main").entrySymbol == "shelf_main", "given, a symbol is kept")
    }

    @Test func theAppsHostKeepsItsMessages() {
        let host = PluginHost.app
        #expect(refusal(host: host)
            == "goodsdesk_plugin_entry in libtest.so returned no GoodsDesk plugin export (null); it must return PluginExport.export { … }")
        #expect(PluginSafeMode.reason(host: host) == "disabled: GoodsDesk quit while loading it last time; turn it on to try again")
        #expect(lines(host: host) == ["GoodsDesk: plugin skipped: plugin folder \"relative\" refused: plugin folders must be absolute paths"])
    }

    @Test func anotherHostsNameAndSymbolsAreUsed() throws {
        // Its plugins are built by GoodsDesk's plugin build: GoodsDesk's identifier symbol.
        let host = PluginHost(name: "Shelf", identifierSymbol: PluginHost.app.identifierSymbol)
        #expect(refusal(host: host)
            == "shelf_plugin_entry in libtest.so returned no Shelf plugin export (null); it must return PluginExport.export { … }")
        #expect(PluginSafeMode.reason(host: host) == "disabled: Shelf quit while loading it last time; turn it on to try again")
        #expect(lines(host: host) == ["Shelf: plugin skipped: plugin folder \"relative\" refused: plugin folders must be absolute paths"])

        // The entry symbol looked up in a real library is the host's (its build identifier is
        // found first, under the identifier symbol given).
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.installFixture("null-entry", into: folder)
        let registry = PluginRegistry()
        registry.loadExternalPlugins(from: BuiltPlugins.searchPath([folder]), disabled: [], host: host, log: { _ in })
        #expect(registry.entries.map(\.error) == ["libnull-entry.so has no entry point shelf_plugin_entry"])

        // The search path reads the host's variable, not GoodsDesk's.
        let environment = ["SHELF_PLUGIN_PATH": "/shelf/plugins", "GOODSDESK_PLUGIN_PATH": "/goodsdesk/plugins"]
        let path = PluginSearchPath(pluginDirectories: [], environment: environment,
                                    dataDirectory: URL(fileURLWithPath: "/data"), prefixPluginDirectory: nil, host: host)
        #expect(path.directories.map(\.path) == ["/shelf/plugins", "/data/plugins"])
    }

    @Test func aPictureLocatorLogsUnderItsHostsName() {
        let lines = Log<String>()
        let folder = URL(fileURLWithPath: "/nonexistent-goodsdesk")
        let goodsDesk = PictureLocator(dataSetDirectory: folder, host: .app, log: { lines.append($0) })
        _ = goodsDesk.source(for: "/etc/passwd")
        let shelf = PictureLocator(dataSetDirectory: folder, host: PluginHost(name: "Shelf"), log: { lines.append($0) })
        _ = shelf.source(for: "/etc/passwd")
        #expect(lines.values.map { $0.prefix(while: { $0 != ":" }) } == ["GoodsDesk", "Shelf"])
        #expect(lines.values.first?.hasPrefix("GoodsDesk: picture \"/etc/passwd\" ignored: ") == true)
        let hostless = PictureLocator(dataSetDirectory: folder, log: { lines.append($0) })
        _ = hostless.source(for: "/etc/passwd")
        #expect(lines.values.last?.hasPrefix("\(ProcessInfo.processInfo.processName): picture") == true, "no host: the process's name")
    }
}

extension PluginHost {
    /// The host GoodsDesk passes (`GoodsDeskApp.pluginHost`), whose plugins and fixtures these tests load.
    static let app = PluginHost(name: "GoodsDesk")
}
