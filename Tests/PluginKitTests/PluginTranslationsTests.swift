import Foundation
import Localization
@testable import PluginKit
import Testing

/// A plugin's own gettext domain (`Gettext-Domain`): read from its manifest, bound by the loader
/// to the catalogues it ships beside its manifest, else to the app's folder. Each test binds a
/// domain of its own, so tests running meanwhile never see its binding.
@MainActor
@Suite("Plugin gettext domains")
struct PluginTranslationsTests {
    func uniqueDomain() -> String { "goodsdesk-test-\(UUID().uuidString.lowercased())" }

    func manifest(in folder: URL, domain: String?) -> PluginManifest {
        PluginManifest(file: folder.appendingPathComponent("test.plugin"), id: "test.domain", module: "test", name: "test",
                       description: "", version: "1", authors: [], apiVersion: pluginAPIVersion, gettextDomain: domain)
    }

    /// `folder/locale/<language>/LC_MESSAGES/<domain>.mo` (the contents do not matter to binding).
    func ship(_ domain: String, languages: [String] = ["en", "zh_CN"], in folder: URL) throws -> URL {
        let locale = folder.appendingPathComponent("locale")
        for language in languages {
            let messages = locale.appendingPathComponent(language).appendingPathComponent("LC_MESSAGES")
            try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
            try Data().write(to: messages.appendingPathComponent("\(domain).mo"))
        }
        return locale
    }

    @Test func theManifestNamesTheDomain() throws {
        let folder = try BuiltPlugins.folder()
        let file = folder.appendingPathComponent("detail.plugin")
        try Data((PluginDiscoveryTests.detail + "\nGettext-Domain=goodsdesk-detail\nGettext-Domain[en]=goodsdesk\n").utf8).write(to: file)
        #expect(try PluginManifest.load(file).gettextDomain == "goodsdesk-detail", "the plain key: a language cannot swap the catalogue")
        try Data(PluginDiscoveryTests.detail.utf8).write(to: file)
        #expect(try PluginManifest.load(file).gettextDomain == nil, "optional")
        #expect(try PluginManifest.load(file).localeDirectory == folder.appendingPathComponent("locale", isDirectory: true))
    }

    @Test func shippedCataloguesAreBoundFromBesideTheManifest() throws {
        let folder = try BuiltPlugins.folder()
        let domain = uniqueDomain()
        let locale = try ship(domain, in: folder)
        try PluginTranslations.bind(manifest(in: folder, domain: domain), trust: PluginTrust(), appFolder: "/app/share/locale")
        #expect(Localization.Domain(domain).localeDirectory == locale.path)
    }

    @Test func withoutCataloguesOfItsOwnTheDomainReadsTheAppsFolder() throws {
        let folder = try BuiltPlugins.folder()
        let domain = uniqueDomain()
        try PluginTranslations.bind(manifest(in: folder, domain: domain), trust: PluginTrust(), appFolder: "/app/share/locale")
        #expect(Localization.Domain(domain).localeDirectory == "/app/share/locale")
    }

    @Test func untrustedCataloguesRefuseThePlugin() throws {
        let domain = uniqueDomain()
        // A group-writable locale folder, then a catalogue others may write.
        let open = try BuiltPlugins.folder()
        let openLocale = try ship(domain, in: open)
        try FileManager.default.setAttributes([.posixPermissions: 0o775], ofItemAtPath: openLocale.path)
        let loose = try BuiltPlugins.folder()
        let looseLocale = try ship(domain, in: loose)
        let catalogue = looseLocale.appendingPathComponent("zh_CN/LC_MESSAGES/\(domain).mo")
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: catalogue.path)
        for (folder, reason) in [(open, "\(openLocale.path) refused: writable by its group"),
                                 (loose, "refused: zh_CN/LC_MESSAGES/\(domain).mo: writable by other users")] {
            #expect(throws: PluginLoadError.self) {
                try PluginTranslations.bind(manifest(in: folder, domain: domain), trust: PluginTrust(), appFolder: "/app")
            }
            do {
                try PluginTranslations.bind(manifest(in: folder, domain: domain), trust: PluginTrust(), appFolder: "/app")
            } catch {
                #expect(error.message.contains(reason), "\(error.message)")
            }
        }
        #expect(Localization.Domain(domain).localeDirectory != openLocale.path)
        #expect(Localization.Domain(domain).localeDirectory != looseLocale.path)
    }

    @Test func aPluginCannotTakeTheAppsDomain() throws {
        let folder = try BuiltPlugins.folder()
        do {
            try PluginTranslations.bind(manifest(in: folder, domain: Localization.domain), trust: PluginTrust(), appFolder: "/app")
            Issue.record("the app's domain was accepted")
        } catch {
            #expect(error.message == "Gettext-Domain \(Localization.domain) is the app's own domain: a plugin names a catalogue of its own")
        }
    }

    @Test func theLoaderBindsTheDetailPluginsCatalogueBeforeItsCodeRuns() throws {
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.installDetail(into: folder)
        let domain = uniqueDomain()
        let manifest = folder.appendingPathComponent("goods-detail.plugin")
        try BuiltPlugins.edit(manifest, replacing: "Gettext-Domain=goodsdesk-detail", with: "Gettext-Domain=\(domain)")
        let locale = try ship(domain, in: folder)
        let (registry, lines) = BuiltPlugins.load([folder])
        #expect(lines.isEmpty, "\(lines)")
        #expect(registry.entries.map(\.state) == [.loaded])
        #expect(Localization.Domain(domain).localeDirectory == locale.path)
    }
}
