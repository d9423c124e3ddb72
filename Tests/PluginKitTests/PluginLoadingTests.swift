import Foundation
import GoodsDomain
import PluginKit
import Testing
import ViewModelKit

/// The example plugins and the broken fixtures, as `meson-helpers/run-tests.sh` builds them for
/// this configuration (`build-plugins.sh`), copied into a fresh plugin folder per test.
struct BuiltPlugins {
    #if DEBUG
    static let configuration = "debug"
    #else
    static let configuration = "release"
    #endif
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let examples = root.appendingPathComponent(".build/\(configuration)/plugins")
    static let fixtures = root.appendingPathComponent(".build/\(configuration)/plugin-fixtures")

    /// A new, private plugin folder.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-loading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    /// Copies plugin `module` (its library and manifest) from `source` into `folder`.
    static func install(_ module: String, manifest: String, from source: URL, into folder: URL) throws {
        let library = source.appendingPathComponent("lib\(module).so")
        try #require(FileManager.default.fileExists(atPath: library.path),
                     "\(library.path) is missing: build the plugins first (meson-helpers/build-plugins.sh \(configuration))")
        for name in ["lib\(module).so", manifest] {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
    }

    static func installDetail(into folder: URL) throws {
        try install("goods-detail", manifest: "goods-detail.plugin", from: examples, into: folder)
    }

    static func installFixture(_ name: String, into folder: URL) throws {
        try install(name, manifest: "\(name).plugin", from: fixtures.appendingPathComponent(name), into: folder)
    }

    /// Rewrites one line of the manifest `file`.
    static func edit(_ file: URL, replacing line: String, with replacement: String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        try #require(text.contains(line), "\(file.lastPathComponent) has no line \(line)")
        try Data(text.replacingOccurrences(of: line, with: replacement).utf8).write(to: file)
    }

    /// Loads the plugins in `folders` (searched in order) into a new registry; returns it with the
    /// lines logged.
    @MainActor
    static func load(_ folders: [URL], disabled: Set<String> = []) -> (PluginRegistry, [String]) {
        let registry = PluginRegistry()
        var lines: [String] = []
        registry.loadExternalPlugins(from: searchPath(folders), disabled: disabled, host: .app, log: { lines.append($0) })
        return (registry, lines)
    }

    static func searchPath(_ folders: [URL]) -> PluginSearchPath {
        PluginSearchPath(pluginDirectories: folders.map(\.path), environment: [:],
                         dataDirectory: URL(fileURLWithPath: "/nonexistent-goodsdesk"), prefixPluginDirectory: nil, host: .app)
    }
}

@MainActor
@Suite("Loading plugins at run time", .serialized)
struct PluginLoadingTests {
    func load(_ folders: URL..., disabled: Set<String> = []) -> (PluginRegistry, [String]) {
        BuiltPlugins.load(folders, disabled: disabled)
    }

    /// The app still works after a failure: a plugin installs and the example loads next to it.
    func expectStillWorking(_ registry: PluginRegistry) throws {
        let entry = registry.install(ProbePlugin())
        #expect(entry.state == .loaded)
        let folder = try BuiltPlugins.folder()
        if !registry.hasRoute("goods.detail") {
            try BuiltPlugins.installDetail(into: folder)
            registry.loadExternalPlugins(from: BuiltPlugins.searchPath([folder]), disabled: [], host: .app, log: { _ in })
        }
        #expect(registry.hasRoute("goods.detail"))
    }

    @Test func theExamplePluginsLoadFromATemporaryFolder() throws {
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.installDetail(into: folder)
        try BuiltPlugins.install("mhdemo", manifest: "mhdemo.plugin", from: BuiltPlugins.examples, into: folder)
        let (registry, lines) = load(folder)
        #expect(lines.isEmpty, "\(lines)")
        #expect(registry.entries.map(\.info.id) == ["io.github.goodsdesk.detail", "io.github.goodsdesk.mhdemo"])
        #expect(registry.entries.allSatisfy { $0.state == .loaded })
        #expect(registry.entries.first?.origin == .external(manifest: folder.appendingPathComponent("goods-detail.plugin").path))
        #expect(registry.entries.first?.info.version == "1.0")
        #expect(registry.hasRoute("goods.detail"))
        #expect(registry.dataSource("mhdemo")?.name == "原版演示数据")
    }

    @Test func theDemoDataSourceReadsTheDemosPageFiles() throws {
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.install("mhdemo", manifest: "mhdemo.plugin", from: BuiltPlugins.examples, into: folder)
        let (registry, _) = load(folder)
        let source = try #require(registry.dataSource("mhdemo", of: DataSourceContent.self))
        // The demo's layout, written from our own data set's pages (same format, the demo's names).
        let demo = try BuiltPlugins.folder()
        let dataSet = BuiltPlugins.root.appendingPathComponent("data/dataset")
        let pages = try FileManager.default.contentsOfDirectory(atPath: dataSet.appendingPathComponent("pages").path)
        for page in pages {
            let number = page.dropFirst("page-".count).dropLast(".json".count)
            try FileManager.default.copyItem(at: dataSet.appendingPathComponent("pages/\(page)"),
                                             to: demo.appendingPathComponent("SUGoodsData_\(number).data"))
        }
        try FileManager.default.copyItem(at: dataSet.appendingPathComponent("banners.json"),
                                         to: demo.appendingPathComponent("SUBannerData.data"))
        let content = try source.read(demo.path)
        let expected = try DataSet.load(from: dataSet)
        #expect(content.dataSet.goods.map(\.title) == expected.goods.map(\.title))
        #expect(content.dataSet.banners.count == expected.banners.count)
        #expect(content.pictureDirectory.path == demo.path)
        // The original files, where this machine has them.
        let original = BuiltPlugins.root.deletingLastPathComponent().appendingPathComponent("shared/reference-data/mhdemo")
        if FileManager.default.fileExists(atPath: original.path) {
            let read = try source.read(original.path)
            #expect(read.dataSet.goods.count == 400)
            #expect(read.dataSet.banners.count == 5)
            #expect(read.dataSet.problems.isEmpty)
        }
        // A folder without page files, and no folder at all, say so.
        #expect(throws: (any Error).self) { try source.read(try BuiltPlugins.folder().path) }
        do {
            _ = try source.read("/nonexistent-goodsdesk-demo")
            Issue.record("reading a missing folder succeeded")
        } catch {
            #expect("\(error)".contains("no data set folder at /nonexistent-goodsdesk-demo"))
        }
    }

    @Test func aMalformedOrIncompleteManifestIsReportedAndSkipped() throws {
        let folder = try BuiltPlugins.folder()
        try Data("this is not a key file".utf8).write(to: folder.appendingPathComponent("garbage.plugin"))
        try Data("[Plugin]\nId=test.incomplete\nName=x\nVersion=1\nAPI-Version=1\n".utf8)
            .write(to: folder.appendingPathComponent("incomplete.plugin"))
        let (registry, lines) = load(folder)
        #expect(registry.entries.isEmpty)
        #expect(registry.problems.count == 2)
        #expect(registry.problems.contains { $0.contains("garbage.plugin") && $0.contains("not a valid key file") })
        #expect(registry.problems.contains { $0.contains("incomplete.plugin") && $0.contains("missing [Plugin] Module") })
        #expect(lines.count == 2)
        try expectStillWorking(registry)
    }

    @Test func aMissingModuleFileIsReported() throws {
        let folder = try BuiltPlugins.folder()
        try Data("[Plugin]\nId=test.absent\nModule=absent\nName=Absent\nVersion=1\nAPI-Version=1\n".utf8)
            .write(to: folder.appendingPathComponent("absent.plugin"))
        let (registry, _) = load(folder)
        #expect(registry.entries.first?.error == "module file \(folder.path)/libabsent.so not found")
        try expectStillWorking(registry)
    }

    @Test func aFileThatIsNoLibraryIsReported() throws {
        let folder = try BuiltPlugins.folder()
        try Data("[Plugin]\nId=test.junk\nModule=junk\nName=Junk\nVersion=1\nAPI-Version=1\n".utf8)
            .write(to: folder.appendingPathComponent("junk.plugin"))
        try Data("not an ELF file".utf8).write(to: folder.appendingPathComponent("libjunk.so"))
        let (registry, _) = load(folder)
        let error = try #require(registry.entries.first?.error)
        #expect(error.hasPrefix("cannot load \(folder.path)/libjunk.so:"), "\(error)")
        try expectStillWorking(registry)
    }

    @Test func aLibraryWithoutTheEntryPointIsReported() throws {
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.installFixture("no-entry", into: folder)
        let (registry, _) = load(folder)
        #expect(registry.entries.first?.error == "libno-entry.so has no entry point goodsdesk_plugin_entry")
        try expectStillWorking(registry)
    }

    @Test func aPluginBuiltForAnotherAPIIsNotEvenLoaded() throws {
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.installDetail(into: folder)
        try BuiltPlugins.edit(folder.appendingPathComponent("goods-detail.plugin"), replacing: "API-Version=1", with: "API-Version=2")
        let (registry, _) = load(folder)
        #expect(registry.entries.first?.error == "built for plugin API 2, this app has \(pluginAPIVersion)")
        #expect(!registry.hasRoute("goods.detail"))
        try expectStillWorking(registry)
    }

    @Test func aLibraryHoldingAnotherPluginThanItsManifestSaysIsRefused() throws {
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.installDetail(into: folder)
        try BuiltPlugins.edit(folder.appendingPathComponent("goods-detail.plugin"),
                              replacing: "Id=io.github.goodsdesk.detail", with: "Id=test.impostor")
        let (registry, _) = load(folder)
        #expect(registry.entries.first?.error == "libgoods-detail.so holds plugin io.github.goodsdesk.detail, but its manifest says test.impostor")
        try expectStillWorking(registry)
    }

    @Test func aDuplicatePluginIdIsRefusedAndTheFirstKept() throws {
        let first = try BuiltPlugins.folder()
        let second = try BuiltPlugins.folder()
        try BuiltPlugins.installDetail(into: first)
        try BuiltPlugins.installDetail(into: second)
        let (registry, _) = load(first, second)
        #expect(registry.entries.count == 1)
        #expect(registry.entries.first?.origin == .external(manifest: first.appendingPathComponent("goods-detail.plugin").path))
        #expect(registry.problems == [
            "\(second.path)/goods-detail.plugin refused: plugin id io.github.goodsdesk.detail is already provided by \(first.path)/goods-detail.plugin",
        ])
        try expectStillWorking(registry)
    }

    @Test func aDuplicateRouteIsRefusedWithItsOwnerNamed() throws {
        let examples = try BuiltPlugins.folder()
        let fixtures = try BuiltPlugins.folder()
        try BuiltPlugins.installDetail(into: examples)
        try BuiltPlugins.installFixture("duplicate-route", into: fixtures)
        let (registry, _) = load(examples, fixtures)
        #expect(registry.entries.map(\.state) == [
            .loaded,
            .failed("registration failed: route goods.detail is already registered by io.github.goodsdesk.detail"),
        ])
        try expectStillWorking(registry)
    }

    @Test func aPluginWhoseRegistrationThrowsLeavesNothingRegistered() throws {
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.installFixture("throwing", into: folder)
        let (registry, lines) = load(folder)
        #expect(registry.entries.first?.error == "registration failed: the fixture refuses to register")
        #expect(!registry.hasRoute("fixture.half-registered"))
        #expect(lines.contains { $0.contains("test.goodsdesk.throwing") && $0.contains("the fixture refuses to register") })
        try expectStillWorking(registry)
    }

    @Test func pluginFilesOrFoldersWritableByOthersAreRefused() throws {
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.installDetail(into: folder)
        let library = folder.appendingPathComponent("libgoods-detail.so").path
        try FileManager.default.setAttributes([.posixPermissions: 0o757], ofItemAtPath: library)
        let (registry, _) = load(folder)
        #expect(registry.entries.first?.error == "module file \(library) refused: writable by other users")

        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: library)
        let manifest = folder.appendingPathComponent("goods-detail.plugin").path
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: manifest)
        // A refused manifest is listed unread, as a failed plugin named after its file.
        let (second, _) = load(folder)
        #expect(second.problems.isEmpty)
        #expect(second.entries.map(\.info.name) == ["goods-detail.plugin"])
        #expect(second.entries.map(\.error) == ["\(manifest) refused: writable by other users"])
        #expect(second.entries.first?.origin == .external(manifest: manifest))

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: manifest)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        let (third, _) = load(folder)
        #expect(third.entries.map(\.error) == ["plugin folder \(folder.path) refused: writable by other users"])
        #expect(!third.hasRoute("goods.detail"))
        try expectStillWorking(third)
    }

    @Test func aDisabledPluginIsListedButNotLoaded() throws {
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.installDetail(into: folder)
        let (registry, lines) = load(folder, disabled: ["io.github.goodsdesk.detail"])
        #expect(registry.entries.map(\.state) == [.disabled])
        #expect(registry.entries.first?.info.name == "商品详情")
        #expect(!registry.hasRoute("goods.detail"))
        #expect(lines.isEmpty)
    }
}

@MainActor
final class ProbePlugin: Plugin {
    let info = PluginInfo(id: "test.probe.\(UUID().uuidString)", name: "Probe", version: "1")
    func register(in registry: PluginRegistry) throws {
        try registry.registerAction(AppAction(id: info.id, title: "Probe") { _ in })
    }
}

@MainActor
@Suite("The README's plugin")
struct ReadmePluginTests {
    @Test func theReadmesExamplePluginLoadsAndAddsItsMenuAction() throws {
        // Built from README.md by meson-helpers/build-readme-plugin.sh (the test command runs it).
        let built = BuiltPlugins.root.appendingPathComponent(".build/\(BuiltPlugins.configuration)/readme-plugin")
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.install("hello", manifest: "hello.plugin", from: built, into: folder)
        let (registry, lines) = BuiltPlugins.load([folder])
        #expect(lines.isEmpty, "\(lines)")
        #expect(registry.entries.map(\.info.id) == ["org.example.hello"])
        let action = try #require(registry.actions.first)
        #expect(action.id == "hello.say")
        #expect(action.title == "你好")
        #expect(action.accelerator == "<Control>h")
    }
}
