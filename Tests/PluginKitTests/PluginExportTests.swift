import Foundation
@testable import PluginKit
import Testing

/// What an entry point returns, and the build identifier a plugin carries.
@MainActor
@Suite("Plugin exports and build identifiers", .serialized)
struct PluginExportTests {
    func manifest(_ id: String = "test.export") -> PluginManifest {
        PluginManifest(file: URL(fileURLWithPath: "/p/\(id).plugin"), id: id, module: id, name: id,
                       description: "", version: "1", authors: [], apiVersion: pluginAPIVersion)
    }

    func refusal(_ exported: UnsafeMutableRawPointer?) -> String? {
        do {
            _ = try PluginLoader.plugin(from: exported, manifest: manifest(), libraryName: "libtest.so", host: .app)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func entryPointsReturningNullOrAStrayPointerAreRefused() throws {
        for (fixture, what) in [("null-entry", "null"), ("garbage-entry", "an unknown pointer")] {
            let folder = try BuiltPlugins.folder()
            try BuiltPlugins.installFixture(fixture, into: folder)
            let (registry, _) = BuiltPlugins.load([folder])
            #expect(registry.entries.map(\.error) == [
                "goodsdesk_plugin_entry in lib\(fixture).so returned no GoodsDesk plugin export (\(what)); it must return PluginExport.export { … }",
            ])
            try PluginLoadingTests().expectStillWorking(registry)
        }
    }

    @Test func anExportForAnotherAPIOrBuildIsRefused() {
        let make: @MainActor @Sendable () -> any Plugin = { TestPlugin("test.export") }
        let otherAPI = PluginExport.issue(apiVersion: pluginAPIVersion + 1, buildIdentifier: PluginBuild.compiledIdentifier, make: make)
        #expect(refusal(otherAPI) == "libtest.so exports a plugin for plugin API \(pluginAPIVersion + 1), this app has \(pluginAPIVersion)")
        let otherBuild = PluginExport.issue(apiVersion: pluginAPIVersion, buildIdentifier: "0123-debug", make: make)
        #expect(refusal(otherBuild)
            == "libtest.so was built for another build of GoodsDesk (0123-debug, this app is \(PluginBuild.identifier)): rebuild it")
        let good = PluginExport.issue(apiVersion: pluginAPIVersion, buildIdentifier: PluginBuild.compiledIdentifier, make: make)
        #expect(refusal(good) == nil)
        // Redeemed once: the same address again is not trusted (and is never read).
        #expect(refusal(good)?.contains("an unknown pointer") == true)
        // A live object that is not an export.
        let object = Unmanaged.passRetained(TestPlugin("other") as AnyObject)
        #expect(refusal(object.toOpaque())?.contains("an unknown pointer") == true)
        object.release()
    }

    @Test func theBuildIdentifierNamesTheConfiguration() {
        #if DEBUG
        #expect(PluginBuild.identifier.hasSuffix("-debug"))
        #else
        #expect(PluginBuild.identifier.hasSuffix("-release"))
        #endif
        #expect(PluginBuild.identifier.count == 32 + "-debug".count || PluginBuild.identifier.count == 32 + "-release".count)
    }

    @Test func aPluginBuiltForAnotherBuildIsRefusedBeforeItsEntryRuns() throws {
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.installDetail(into: folder)
        // The same library with another build's identifier: the stamp build-plugins.sh wrote,
        // rewritten in place (same length), as an older build of the layers would have left it.
        let library = folder.appendingPathComponent("libgoods-detail.so")
        let hash = Array(PluginBuild.identifier.utf8.prefix(32))
        let other = Array(String(repeating: hash.first == UInt8(ascii: "0") ? "1" : "0", count: 32).utf8)
        var bytes = Array(try Data(contentsOf: library))
        var replaced = 0
        var index = 0
        while index + hash.count <= bytes.count {
            if bytes[index] == hash[0] && Array(bytes[index..<index + hash.count]) == hash {
                bytes.replaceSubrange(index..<index + hash.count, with: other)
                replaced += 1
                index += hash.count
            } else {
                index += 1
            }
        }
        try #require(replaced > 0, "\(library.lastPathComponent) does not carry this build's identifier \(PluginBuild.identifier)")
        try Data(bytes).write(to: library)
        let suffix = PluginBuild.identifier.dropFirst(32)
        let (registry, _) = BuiltPlugins.load([folder])
        #expect(registry.entries.map(\.error) == [
            "libgoods-detail.so was built for another build of GoodsDesk (\(String(decoding: other, as: UTF8.self))\(suffix), this app is \(PluginBuild.identifier)): rebuild it",
        ])
        try PluginLoadingTests().expectStillWorking(registry)
    }

    @Test func aLibraryWithoutABuildIdentifierIsRefused() throws {
        let zlib = ["/usr/lib/x86_64-linux-gnu/libz.so.1", "/lib/x86_64-linux-gnu/libz.so.1", "/usr/lib/libz.so.1"]
            .first { FileManager.default.fileExists(atPath: $0) }
        let source = try #require(zlib, "no libz.so.1 to stand for a library not built by build-plugins.sh")
        let folder = try BuiltPlugins.folder()
        try FileManager.default.copyItem(atPath: URL(fileURLWithPath: source).resolvingSymlinksInPath().path,
                                         toPath: folder.appendingPathComponent("libforeign.so").path)
        try Data("[Plugin]\nId=test.foreign\nModule=foreign\nName=Foreign\nVersion=1\nAPI-Version=1\n".utf8)
            .write(to: folder.appendingPathComponent("foreign.plugin"))
        let (registry, _) = BuiltPlugins.load([folder])
        #expect(registry.entries.map(\.error) == [
            "libforeign.so has no build identifier (goodsdesk_plugin_build_identifier): it was not built with build-plugins.sh for this build of GoodsDesk: rebuild it",
        ])
    }
}
