import CGtk
import Foundation
import GtkReactive
import GtkTestSupport
import Reactive
import TestSupport
import Testing

/// `GSettingsStore`: a schema compiled here, in a folder of its own, read and written typed, in a
/// key file (this process has no persistent backend: as on a machine without dconf).
private let schemaCompiler = ["/usr/bin/glib-compile-schemas", "/usr/local/bin/glib-compile-schemas"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

@MainActor
@Suite("GSettings store", .serialized, .enabled(if: schemaCompiler != nil, "needs glib-compile-schemas"))
struct GSettingsStoreTests {
    static let schemaID = "io.github.goodsdesk.StoreTest"
    let folder: URL
    let keyFile: URL

    init() throws {
        // Before any GSettings in this process: keep it off the user's dconf.
        setenv("GSETTINGS_BACKEND", "memory", 1)
        GLibCriticals.install()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-store-\(UUID().uuidString)")
        keyFile = folder.appendingPathComponent("config/settings.ini")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let schema = """
            <schemalist>
              <schema id="\(Self.schemaID)" path="/io/github/goodsdesk/StoreTest/">
                <key name="enabled" type="b"><default>true</default></key>
                <key name="count" type="i"><range min="0" max="100"/><default>7</default></key>
                <key name="name" type="s"><default>'默认'</default></key>
                <key name="tags" type="as"><default>['a']</default></key>
                <key name="ratio" type="d"><default>0.5</default></key>
              </schema>
            </schemalist>
            """
        try schema.write(to: folder.appendingPathComponent("\(Self.schemaID).gschema.xml"), atomically: true, encoding: .utf8)
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: try #require(schemaCompiler))
        compile.arguments = [folder.path]
        try compile.run()
        compile.waitUntilExit()
        try #require(compile.terminationStatus == 0, "glib-compile-schemas failed")
    }

    func open() throws -> GSettingsStore {
        try #require(GSettingsStore(schemaID: Self.schemaID, schemaDirectory: folder, keyFile: keyFile))
    }

    @Test func aSchemaFoundNowhereGivesNil() {
        #expect(GSettingsStore(schemaID: "io.github.goodsdesk.NoSuchSchema", schemaDirectory: folder) == nil)
        #expect(GSettingsStore(schemaID: Self.schemaID, schemaDirectory: folder.appendingPathComponent("nowhere")) == nil,
                "not installed either")
    }

    @Test func readsTheSchemasDefaultsTyped() throws {
        let store = try open()
        #expect(store.keys == ["count", "enabled", "name", "ratio", "tags"])
        #expect(store.value("enabled", as: Bool.self) == true)
        #expect(store.value("count", as: Int.self) == 7)
        #expect(store.value("name", as: String.self) == "默认")
        #expect(store.value("tags", as: [String].self) == ["a"])
        #expect(store.variantType(of: "ratio") == "d")
        #expect(store[GSettingsKey<Int>("count")] == 7)
    }

    @Test func writesGoToTheKeyFileAndAreReadBackByANewStore() throws {
        do {
            let store = try open()
            #expect(store.set(false, for: "enabled"))
            #expect(store.set(42, for: GSettingsKey<Int>("count")))
            #expect(store.set("名字", for: "name"))
            #expect(store.set(["b", "c"], for: "tags"))
            store.sync()
        }
        let text = try String(contentsOf: keyFile, encoding: .utf8)
        #expect(text.contains("count=42"))
        let reopened = try open()
        #expect(reopened.value("enabled", as: Bool.self) == false)
        #expect(reopened.value("count", as: Int.self) == 42)
        #expect(reopened.value("name", as: String.self) == "名字")
        #expect(reopened.value("tags", as: [String].self) == ["b", "c"])
        reopened.reset("count")
        #expect(reopened.value("count", as: Int.self) == 7)
    }

    @Test func wrongKeysTypesAndRangesAreRefusedWithoutWriting() throws {
        let store = try open()
        #expect(store.value("missing", as: Bool.self) == nil)
        #expect(store.value("count", as: String.self) == nil, "an int key read as a string")
        #expect(store.value("ratio", as: Int.self) == nil, "a type the store does not read")
        #expect(!store.set(true, for: "missing"))
        #expect(!store.set("8", for: "count"))
        #expect(!store.set(101, for: "count"), "beyond the schema's range")
        #expect(!store.set(Int(Int32.max) + 1, for: "count"), "beyond 32 bits")
        #expect(store.value("count", as: Int.self) == 7, "nothing was written")
        store.reset("missing")  // ignored, no critical
    }

    @Test func changesAreLazyAndNameTheKey() throws {
        let store = try open()
        let (lifetime, token) = Lifetime.make()
        let seen = Log<String>()
        store.set(1, for: "count")  // before anyone observes: not seen
        pumpMainLoop(for: .zero)
        store.changes(of: "count").take(during: lifetime).startWithValues { seen.append($0) }
        store.set(2, for: "count")
        store.set("其他", for: "name")  // another key
        pumpMainLoop { !seen.values.isEmpty }
        pumpMainLoop(for: .zero)
        #expect(seen.values == ["count"])
        let all = Log<String>()
        let every = store.changes().startWithValues { all.append($0) }
        store.set("再次", for: "name")
        pumpMainLoop { !all.values.isEmpty }
        #expect(all.values == ["name"])
        every.dispose()
        token.dispose()
        store.set("最后", for: "name")
        store.set(3, for: "count")
        pumpMainLoop(for: .zero)
        #expect(all.values == ["name"], "disposed: disconnected")
        #expect(seen.values == ["count"], "its lifetime ended: disconnected")
    }
}
