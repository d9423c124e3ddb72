import Foundation
import PluginKit
import Testing

/// The trust checks made before a plugin's manifest is read or its library opened.
@MainActor
@Suite("Which plugin files are trusted", .serialized)
struct PluginTrustTests {
    /// Loads `folder` with `trust`; returns the registry and the lines logged.
    func load(_ folder: URL, trust: PluginTrust = PluginTrust()) -> (PluginRegistry, [String]) {
        let registry = PluginRegistry()
        var lines: [String] = []
        registry.loadExternalPlugins(from: BuiltPlugins.searchPath([folder]), disabled: [], trust: trust, host: .app, log: { lines.append($0) })
        return (registry, lines)
    }

    /// Makes `path` another user's: as root, by giving it away; otherwise by checking as if the
    /// process were another user (the files are then someone else's, folders included).
    func makeForeign(_ path: String) throws -> PluginTrust {
        guard getuid() == 0 else { return PluginTrust(userID: getuid() &+ 1) }
        try #require(chown(path, 4242, 4242) == 0, "chown: \(String(cString: strerror(errno)))")
        return PluginTrust()
    }

    func mode(_ mode: Int, _ url: URL) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }

    @Test func aLibraryOwnedByAnotherUserIsRefusedEvenWhenNobodyElseCanWriteIt() throws {
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.installDetail(into: folder)
        let library = folder.appendingPathComponent("libgoods-detail.so")
        try mode(0o755, library)
        let trust = try makeForeign(library.path)
        let (registry, lines) = load(folder, trust: trust)
        let error = try #require(registry.entries.first?.error)
        #expect(error.contains("owned by user"), "\(error)")
        #expect(!registry.hasRoute("goods.detail"))
        #expect(lines.contains { $0.contains("owned by user") })
        if getuid() == 0 {
            #expect(error == "module file \(library.path) refused: owned by user 4242, neither you nor root")
        }
        try PluginLoadingTests().expectStillWorking(registry)
    }

    @Test func aManifestOwnedByAnotherUserIsListedAsRefused() throws {
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.installDetail(into: folder)
        let manifest = folder.appendingPathComponent("goods-detail.plugin")
        let trust = try makeForeign(manifest.path)
        let (registry, _) = load(folder, trust: trust)
        #expect(registry.entries.map(\.info.name) == ["goods-detail.plugin"])
        #expect(registry.entries.first?.error?.contains("owned by user") == true, "\(registry.entries)")
        #expect(!registry.hasRoute("goods.detail"))
    }

    @Test func aFolderWritableByOthersAnywhereAboveThePluginRefusesIt() throws {
        let parent = try BuiltPlugins.folder()
        let folder = parent.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        try mode(0o755, folder)
        try BuiltPlugins.installDetail(into: folder)
        try mode(0o777, parent)
        let (registry, _) = load(folder)
        #expect(registry.entries.map(\.error) == ["plugin folder \(folder.path) refused: its folder \(parent.path) is writable by other users"])
        #expect(!registry.hasRoute("goods.detail"))

        try mode(0o775, parent)
        let (second, _) = load(folder)
        #expect(second.entries.map(\.error) == ["plugin folder \(folder.path) refused: its folder \(parent.path) is writable by its group"])

        try mode(0o755, parent)
        let (third, _) = load(folder)
        #expect(third.entries.map(\.state) == [.loaded])
    }

    @Test func aRootOwnedStickyFolderIsFineAboveThePluginsFolderButNotAsIt() throws {
        let temporary = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
        var info = stat()
        try #require(stat(temporary.path, &info) == 0)
        try #require(info.st_uid == 0 && info.st_mode & S_ISVTX != 0 && info.st_mode & S_IWOTH != 0,
                     "\(temporary.path) is not a root-owned, sticky, world-writable folder on this machine")
        let folder = try BuiltPlugins.folder()
        #expect(PluginTrust().problem(withFolder: folder) == nil)
        #expect(PluginTrust().problem(withFolder: temporary) == "writable by other users")
    }

    @Test func aFIFONamedLikeAManifestOrALibraryIsRefusedWithoutWaitingOnIt() throws {
        let folder = try BuiltPlugins.folder()
        let fifo = folder.appendingPathComponent("x.plugin")
        try #require(mkfifo(fifo.path, 0o644) == 0)
        // Also past the trust checks: opening it for reading must not wait for a writer.
        #expect(throws: ManifestError.self) { try PluginManifest.load(fifo) }
        let (registry, _) = load(folder)
        #expect(registry.entries.map(\.error) == ["\(fifo.path) refused: it is a FIFO, not a regular file"])

        try FileManager.default.removeItem(at: fifo)
        try Data("[Plugin]\nId=test.fifo\nModule=fifo\nName=FIFO\nVersion=1\nAPI-Version=1\n".utf8)
            .write(to: folder.appendingPathComponent("fifo.plugin"))
        let library = folder.appendingPathComponent("libfifo.so")
        try #require(mkfifo(library.path, 0o755) == 0)
        let (second, _) = load(folder)
        #expect(second.entries.map(\.error) == ["module file \(library.path) refused: it is a FIFO, not a regular file"])
        try PluginLoadingTests().expectStillWorking(second)
    }

    @Test func anOversizedManifestIsNotRead() throws {
        let folder = try BuiltPlugins.folder()
        let file = folder.appendingPathComponent("huge.plugin")
        let text = "[Plugin]\nId=test.huge\nModule=huge\nName=Huge\nVersion=1\nAPI-Version=1\n"
            + "Description=" + String(repeating: "x", count: PluginManifest.maximumSize) + "\n"
        try Data(text.utf8).write(to: file)
        let (registry, _) = load(folder)
        #expect(registry.entries.isEmpty)
        #expect(registry.problems.count == 1)
        #expect(registry.problems.first?.contains("more than the 65536 allowed") == true, "\(registry.problems)")
    }

    @Test func symbolicLinksAreJudgedByWhatTheyPointAtAndWhereThatIs() throws {
        // Links to a trusted copy elsewhere: loaded.
        let real = try BuiltPlugins.folder()
        try BuiltPlugins.installDetail(into: real)
        let folder = try BuiltPlugins.folder()
        for name in ["goods-detail.plugin", "libgoods-detail.so"] {
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(name),
                                                       withDestinationURL: real.appendingPathComponent(name))
        }
        let (registry, _) = load(folder)
        #expect(registry.entries.map(\.state) == [.loaded])

        // The same links when the copy sits in a folder others can write: refused.
        try mode(0o777, real)
        let (second, _) = load(folder)
        let resolved = real.resolvingSymlinksInPath().path
        #expect(second.entries.map(\.error) == [
            "\(folder.path)/goods-detail.plugin refused: its folder \(resolved) is writable by other users",
        ])

        // A link to a device.
        let other = try BuiltPlugins.folder()
        try FileManager.default.createSymbolicLink(at: other.appendingPathComponent("null.plugin"),
                                                   withDestinationURL: URL(fileURLWithPath: "/dev/null"))
        let (third, _) = load(other)
        #expect(third.entries.map(\.error) == ["\(other.path)/null.plugin refused: it is a character device, not a regular file"])
    }
}
