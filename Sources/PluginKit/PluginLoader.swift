import CGtk
import Foundation

/// Why an external plugin was not loaded, in words for the 插件 dialog and the log.
public struct PluginLoadError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Loads the code of an external plugin through GModule: the shared library named by its
/// manifest, and its one entry point (the host's `entrySymbol`, such as `shelf_plugin_entry`).
/// Every way this can go wrong becomes a `PluginLoadError`; the app goes on without the plugin.
///
/// In order: the manifest's API version; the library must be trusted (`PluginTrust`); its
/// gettext domain, if it names one, is bound (`PluginTranslations`); it is opened by its real
/// path; its build identifier (`PluginBuild`) must be this app's, read before any other code of
/// the plugin runs; its entry point must return an export that `PluginExport.export` made, for
/// this API version and build; the plugin it makes must be the one the manifest names.
///
/// A loaded library is never unloaded: Swift type metadata and closures from it may live as
/// long as the app.
@MainActor
public enum PluginLoader {
    /// The longest build identifier read from a plugin; a real one is about 40 characters.
    static let identifierLimit = 256

    /// The plugin `manifest` describes, made from its module; its files are checked by `trust`,
    /// its symbols and messages are `host`'s.
    public static func load(
        _ manifest: PluginManifest, trust: PluginTrust = PluginTrust(), host: PluginHost
    ) throws(PluginLoadError) -> any Plugin {
        guard manifest.apiVersion == pluginAPIVersion else {
            throw PluginLoadError("built for plugin API \(manifest.apiVersion), this app has \(pluginAPIVersion)")
        }
        let file = manifest.moduleFile
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw PluginLoadError("module file \(file.path) not found")
        }
        if let reason = trust.problem(withFile: file) {
            throw PluginLoadError("module file \(file.path) refused: \(reason)")
        }
        // Its catalogue, before any of its code runs (its name is translated as it is made).
        try PluginTranslations.bind(manifest, trust: trust)
        // The path the checks saw, symbolic links resolved.
        let real = file.resolvingSymlinksInPath().path
        // Local binding: a plugin's own symbols never stand in for another's.
        guard let module = g_module_open(real, G_MODULE_BIND_LOCAL) else {
            throw PluginLoadError("cannot load \(file.path): \(moduleError())")
        }
        g_module_make_resident(module)
        let name = file.lastPathComponent
        try checkBuildIdentifier(of: module, name: name, host: host)
        var symbol: gpointer?
        guard g_module_symbol(module, host.entrySymbol, &symbol) != 0, let symbol else {
            throw PluginLoadError("\(name) has no entry point \(host.entrySymbol)")
        }
        typealias Entry = @convention(c) () -> UnsafeMutableRawPointer?
        let entry = unsafeBitCast(symbol, to: Entry.self)
        return try plugin(from: entry(), manifest: manifest, libraryName: name, host: host)
    }

    /// Refuses a library whose build identifier is missing or another build's, before its
    /// entry point runs: code compiled against other layouts of the app's types must not run.
    private static func checkBuildIdentifier(of module: OpaquePointer, name: String, host: PluginHost) throws(PluginLoadError) {
        var symbol: gpointer?
        guard g_module_symbol(module, host.identifierSymbol, &symbol) != 0, let symbol else {
            throw PluginLoadError(
                "\(name) has no build identifier (\(host.identifierSymbol)): it was not built with build-plugins.sh for this build of \(host.name): rebuild it")
        }
        typealias Stamp = @convention(c) () -> UnsafePointer<CChar>?
        let stamp = unsafeBitCast(symbol, to: Stamp.self)
        let identifier = stamp().flatMap { text -> String? in
            let length = strnlen(text, identifierLimit)
            guard length < identifierLimit else { return nil }
            return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
        }
        guard let identifier, identifier == PluginBuild.identifier else {
            throw PluginLoadError(
                "\(name) was built for another build of \(host.name) (\(identifier ?? "unreadable identifier"), this app is \(PluginBuild.identifier)): rebuild it")
        }
    }

    /// The plugin made from what an entry point returned, once that proves to be an export of
    /// this API version and build that `PluginExport.export` issued.
    static func plugin(
        from exported: UnsafeMutableRawPointer?, manifest: PluginManifest, libraryName name: String, host: PluginHost
    ) throws(PluginLoadError) -> any Plugin {
        guard let export = PluginExport.redeem(exported) else {
            throw PluginLoadError(
                "\(host.entrySymbol) in \(name) returned no \(host.name) plugin export (\(exported == nil ? "null" : "an unknown pointer")); it must return PluginExport.export { … }")
        }
        guard export.apiVersion == pluginAPIVersion else {
            throw PluginLoadError("\(name) exports a plugin for plugin API \(export.apiVersion), this app has \(pluginAPIVersion)")
        }
        guard export.buildIdentifier == PluginBuild.identifier else {
            throw PluginLoadError(
                "\(name) was built for another build of \(host.name) (\(export.buildIdentifier), this app is \(PluginBuild.identifier)): rebuild it")
        }
        let plugin = export.make()
        guard plugin.info.id == manifest.id else {
            throw PluginLoadError("\(name) holds plugin \(plugin.info.id), but its manifest says \(manifest.id)")
        }
        return plugin
    }

    private static func moduleError() -> String {
        g_module_error().map { String(cString: $0) } ?? "unknown error"
    }
}
