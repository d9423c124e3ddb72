import Foundation
import PluginKit
import Testing

@Suite("Plugin manifests and search path")
struct PluginDiscoveryTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-plugins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    func write(_ text: String, to url: URL, mode: Int = 0o644) throws {
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }

    static let detail = """
    [Plugin]
    Id=io.github.goodsdesk.detail
    Module=goods-detail
    Name=商品详情
    Description=Opens a goods item's detail page.
    Version=1.0
    Authors=GoodsDesk developers;Someone Else
    API-Version=1
    """

    @Test func aCompleteManifestIsRead() throws {
        let directory = try folder()
        let file = directory.appendingPathComponent("detail.plugin")
        try write(Self.detail, to: file)
        let manifest = try PluginManifest.load(file)
        #expect(manifest.id == "io.github.goodsdesk.detail")
        #expect(manifest.name == "商品详情")
        #expect(manifest.authors == ["GoodsDesk developers", "Someone Else"])
        #expect(manifest.apiVersion == 1)
        #expect(manifest.moduleFile.lastPathComponent == "libgoods-detail.so")
        #expect(manifest.info == PluginInfo(id: "io.github.goodsdesk.detail", name: "商品详情", version: "1.0", apiVersion: 1))
    }

    @Test(arguments: [
        ("no group at all", "not a valid key file"),
        ("[Plugin]\nModule=x\nName=n\nVersion=1\nAPI-Version=1\n", "missing [Plugin] Id"),
        ("[Plugin]\nId=a\nModule=../evil\nName=n\nVersion=1\nAPI-Version=1\n", "plain library name"),
        ("[Plugin]\nId=a\nModule=x\nName=n\nVersion=1\nAPI-Version=one\n", "API-Version must be a whole number"),
        ("[Plugin]\nId=a\nModule=x\nName=\nVersion=1\nAPI-Version=1\n", "empty [Plugin] Name"),
        ("[Plugin]\nId=a\nModule=x\nName=n\nVersion=1\nAPI-Version=1\nGettext-Domain=../goodsdesk\n", "Gettext-Domain must be a plain catalogue name"),
    ])
    func aBadManifestSaysWhatIsWrong(text: String, reason: String) throws {
        let file = try folder().appendingPathComponent("bad.plugin")
        try write(text, to: file)
        #expect(throws: ManifestError.self) { try PluginManifest.load(file) }
        do {
            _ = try PluginManifest.load(file)
        } catch {
            #expect(error.description.contains(reason), "\(error)")
            #expect(error.description.contains(file.path))
        }
    }

    @Test func theSearchPathKeepsItsOrderAndRefusesRelativeFolders() {
        let path = PluginSearchPath(
            pluginDirectories: ["/opt/a", "plugins"], environment: ["GOODSDESK_PLUGIN_PATH": "/opt/b::./c:/opt/a"],
            dataDirectory: URL(fileURLWithPath: "/home/u/.local/share/goodsdesk"),
            prefixPluginDirectory: URL(fileURLWithPath: "/usr/lib/goodsdesk/plugins"), host: .app)
        #expect(path.directories.map(\.path) == [
            "/opt/a", "/opt/b", "/home/u/.local/share/goodsdesk/plugins", "/usr/lib/goodsdesk/plugins",
        ])
        #expect(path.problems.count == 2)
        #expect(path.problems.allSatisfy { $0.contains("must be absolute") })
    }

    @Test func discoveryReportsEveryUnusableManifestAndGoesOn() throws {
        let first = try folder()
        let second = try folder()
        try write(Self.detail, to: first.appendingPathComponent("detail.plugin"))
        try write(Self.detail, to: second.appendingPathComponent("copy.plugin"))
        try write("[Plugin]\nId=broken\n", to: second.appendingPathComponent("broken.plugin"))
        try write(Self.detail.replacingOccurrences(of: "detail", with: "shared"), to: second.appendingPathComponent("shared.plugin"), mode: 0o666)
        let path = PluginSearchPath(pluginDirectories: [first.path, second.path], environment: [:],
                                    dataDirectory: try folder(), prefixPluginDirectory: nil, host: .app)
        let (manifests, problems) = path.discover()
        #expect(manifests.map(\.id) == ["io.github.goodsdesk.detail"])
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.contains { $0.contains("already provided by") })
        #expect(problems.contains { $0.contains("broken.plugin") && $0.contains("missing") })
        #expect(problems.contains { $0.contains("shared.plugin") && $0.contains("writable by other users") })
    }

    @Test func aFolderWritableByOthersIsRefusedWhole() throws {
        let open = try folder()
        try write(Self.detail, to: open.appendingPathComponent("detail.plugin"))
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: open.path)
        let (manifests, problems) = PluginSearchPath(pluginDirectories: [open.path], environment: [:],
                                                     dataDirectory: try folder(), prefixPluginDirectory: nil, host: .app).discover()
        #expect(manifests.isEmpty)
        #expect(problems == ["plugin folder \(open.path) refused: writable by other users"])
    }
}
