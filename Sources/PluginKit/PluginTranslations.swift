import Foundation
import Localization

/// Binds a plugin's own gettext domain (its manifest's `Gettext-Domain`) before the plugin's code
/// runs, so the texts it makes at once (its name, in `info`) are already translated.
///
/// The catalogues are read from `locale/` beside the manifest when the plugin ships that folder
/// (`locale/<language>/LC_MESSAGES/<domain>.mo`, as build-plugins.sh writes it), else from the
/// folder the app's own domain reads from, where an installed app keeps every catalogue
/// (`<prefix>/share/locale`). Shipped catalogues are plugin files like its library: each must be
/// trusted (`PluginTrust`), or the plugin is refused. A plugin may not take the app's own domain.
enum PluginTranslations {
    /// Binds `manifest`'s domain, if it names one; the catalogues it ships are checked by `trust`.
    /// `appFolder` is where the app's own catalogues are (its domain's folder unless told).
    static func bind(
        _ manifest: PluginManifest, trust: PluginTrust,
        appFolder: String? = Localization.Domain.process.localeDirectory
    ) throws(PluginLoadError) {
        guard let name = manifest.gettextDomain else { return }
        guard name != Localization.domain else {
            throw PluginLoadError("Gettext-Domain \(name) is the app's own domain: a plugin names a catalogue of its own")
        }
        let domain = Localization.Domain(name)
        let shipped = manifest.localeDirectory
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: shipped.path, isDirectory: &isFolder) {
            if let reason = problem(with: shipped, isFolder: isFolder.boolValue, domain: name, trust: trust) {
                throw PluginLoadError("translations \(shipped.path) refused: \(reason)")
            }
            domain.bind(localeDirectory: shipped.path)
        } else if let appFolder {
            domain.bind(localeDirectory: appFolder)
        }
    }

    /// Why the shipped `locale` folder may not be read: it is not a folder, or it, or the
    /// domain's catalogue in any language, is not trusted.
    private static func problem(with locale: URL, isFolder: Bool, domain: String, trust: PluginTrust) -> String? {
        guard isFolder else { return "it is not a folder" }
        if let reason = trust.problem(withFolder: locale) { return reason }
        let languages = (try? FileManager.default.contentsOfDirectory(atPath: locale.path)) ?? []
        for language in languages.sorted() {
            let catalogue = locale.appendingPathComponent(language).appendingPathComponent("LC_MESSAGES")
                .appendingPathComponent("\(domain).mo")
            guard FileManager.default.fileExists(atPath: catalogue.path) else { continue }
            if let reason = trust.problem(withFile: catalogue) { return "\(language)/LC_MESSAGES/\(domain).mo: \(reason)" }
        }
        return nil
    }
}
