import Foundation
import GoodsUI
import Testing

@Suite("GSettings preferences")
struct SettingsTests {
    /// The schema compiled from data/ (the test command compiles it, as the run command does).
    static let schemaFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data")

    @Test(.enabled(if: FileManager.default.fileExists(atPath: schemaFolder.appendingPathComponent("gschemas.compiled").path),
                   "needs data/gschemas.compiled: the test command compiles it"))
    func withoutDconfTheSettingsLiveInAKeyFileUnderXDGConfigHome() throws {
        // No persistent backend in this process: as on a machine without dconf.
        setenv("GSETTINGS_BACKEND", "memory", 1)
        let keyFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("goodsdesk-settings-\(UUID().uuidString)/goodsdesk/settings.ini")
        do {
            let settings = try #require(SettingsPreferences(schemaDirectory: Self.schemaFolder, keyFile: keyFile))
            #expect(settings.lastPhone == nil)
            #expect(settings.windowSize == (420, 720), "the schema's defaults")
            #expect(settings.disabledPlugins.isEmpty)
            settings.lastPhone = "13874389438"
            settings.windowSize = (800, 600)
            settings.disabledPlugins = ["org.example.b", "org.example.a"]
        }
        let text = try String(contentsOf: keyFile, encoding: .utf8)
        #expect(text.contains("last-phone='13874389438'"))
        let reopened = try #require(SettingsPreferences(schemaDirectory: Self.schemaFolder, keyFile: keyFile))
        #expect(reopened.lastPhone == "13874389438")
        #expect(reopened.windowSize == (800, 600))
        #expect(reopened.disabledPlugins == ["org.example.a", "org.example.b"])
        reopened.disabledPlugins = []
        #expect(reopened.disabledPlugins.isEmpty)
    }
}
