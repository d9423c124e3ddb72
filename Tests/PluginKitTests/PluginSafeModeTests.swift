import Foundation
@testable import PluginKit
import Testing

/// Safe mode: a plugin that took the app down while loading is turned off at the next start.
@MainActor
@Suite("Plugin safe mode", .serialized)
struct PluginSafeModeTests {
    static let crashingID = "test.goodsdesk.crashing"

    /// Runs `plugin-load-probe` (built beside the tests) on `folders` with safe mode in `state`,
    /// as a child process, so a plugin that takes it down leaves the test runner alone.
    func probe(state: URL, _ folders: URL...) throws -> Process {
        let probe = BuiltPlugins.root.appendingPathComponent(".build/\(BuiltPlugins.configuration)/plugin-load-probe")
        try #require(FileManager.default.isExecutableFile(atPath: probe.path), "\(probe.path) is missing: swift build --build-tests")
        let process = Process()
        process.executableURL = probe
        process.arguments = [state.path] + folders.map(\.path)
        // No backtrace for the crash we expect; the child's output stays out of the test log.
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process
    }

    func load(_ folder: URL, disabled: Set<String> = [], safeMode: PluginSafeMode, turnedOff: inout [String])
        -> (PluginRegistry, Set<String>) {
        let registry = PluginRegistry()
        var persisted: [String] = []
        let result = registry.loadExternalPlugins(
            from: BuiltPlugins.searchPath([folder]), disabled: disabled, safeMode: safeMode,
            host: .app, turnOff: { persisted.append($0) }, log: { _ in })
        turnedOff += persisted
        return (registry, result)
    }

    @Test func aPluginThatCrashedTheAppWhileLoadingIsTurnedOffAtTheNextStart() throws {
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.installFixture("crashing", into: folder)
        let safeMode = PluginSafeMode(directory: try BuiltPlugins.folder().appendingPathComponent("state/goodsdesk"))

        // First start, in a child: the plugin takes the process down mid-load.
        let child = try probe(state: safeMode.directory, folder)
        #expect(child.terminationReason == .uncaughtSignal, "the crashing fixture did not crash the probe")
        #expect(safeMode.interruptedLoad() == Self.crashingID)

        // Next start, here: the marker turns the plugin off instead of loading it again.
        var turnedOff: [String] = []
        let (registry, result) = load(folder, safeMode: safeMode, turnedOff: &turnedOff)
        #expect(turnedOff == [Self.crashingID], "the app is asked to save it among the disabled plugins")
        #expect(result == [Self.crashingID])
        #expect(registry.entries.map(\.state) == [.quarantined(PluginSafeMode.reason(host: .app))])
        #expect(registry.entries.first?.error == "disabled: GoodsDesk quit while loading it last time; turn it on to try again")
        #expect(safeMode.interruptedLoad() == nil)
        #expect(safeMode.quarantined() == [Self.crashingID])
        try PluginLoadingTests().expectStillWorking(registry)

        // The start after: the app now passes it as disabled; it stays quarantined, with the reason.
        var again: [String] = []
        let (third, thirdResult) = load(folder, disabled: [Self.crashingID], safeMode: safeMode, turnedOff: &again)
        #expect(again.isEmpty)
        #expect(thirdResult.isEmpty)
        #expect(third.entries.map(\.state) == [.quarantined(PluginSafeMode.reason(host: .app))])
    }

    @Test func turningAQuarantinedPluginBackOnLoadsItAndForgetsTheQuarantine() throws {
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.installDetail(into: folder)
        let manifest = try PluginManifest.load(folder.appendingPathComponent("goods-detail.plugin"))
        let safeMode = PluginSafeMode(directory: try BuiltPlugins.folder())
        // As if the app had died while loading it.
        try safeMode.willLoad(manifest)
        var turnedOff: [String] = []
        let (first, _) = load(folder, safeMode: safeMode, turnedOff: &turnedOff)
        #expect(first.entries.map(\.state) == [.quarantined(PluginSafeMode.reason(host: .app))])
        #expect(!first.hasRoute("goods.detail"))

        // The user turned it on in the 插件 dialog: no longer among the disabled plugins.
        let (second, _) = load(folder, safeMode: safeMode, turnedOff: &turnedOff)
        #expect(second.entries.map(\.state) == [.loaded])
        #expect(second.hasRoute("goods.detail"))
        #expect(safeMode.quarantined().isEmpty)
        #expect(safeMode.interruptedLoad() == nil, "a finished load leaves no marker")
        #expect(turnedOff == [manifest.id])
    }

    @Test func withoutAWritableStateFolderPluginsStillLoad() throws {
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.installDetail(into: folder)
        let blocker = try BuiltPlugins.folder().appendingPathComponent("a-file")
        try Data().write(to: blocker)
        let registry = PluginRegistry()
        var lines: [String] = []
        registry.loadExternalPlugins(from: BuiltPlugins.searchPath([folder]), disabled: [],
                                     safeMode: PluginSafeMode(directory: blocker.appendingPathComponent("goodsdesk")),
                                     host: .app, log: { lines.append($0) })
        #expect(registry.entries.map(\.state) == [.loaded])
        #expect(lines.count == 1 && lines.first?.contains("safe mode off") == true, "\(lines)")
    }

    @Test func aMarkerThatIsNoSmallRegularFileIsIgnored() throws {
        let state = try BuiltPlugins.folder()
        try #require(mkfifo(state.appendingPathComponent("plugin-loading").path, 0o600) == 0)
        #expect(PluginSafeMode(directory: state).interruptedLoad() == nil)
    }
}
