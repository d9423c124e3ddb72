import CGtk
import Foundation

/// Why an external plugin was not loaded, in words for the 插件 dialog and the log.
public struct PluginLoadError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Loads the code of an external plugin through GModule: the shared library named by its
/// manifest, and its one entry point (`goodsdesk_plugin_entry`). Every way this can go wrong
/// becomes a `PluginLoadError`; the app goes on without the plugin.
///
/// A loaded library is never unloaded: Swift type metadata and closures from it may live as
/// long as the app.
@MainActor
public enum PluginLoader {
    /// The plugin `manifest` describes, made from its module.
    public static func load(_ manifest: PluginManifest) throws(PluginLoadError) -> any Plugin {
        guard manifest.apiVersion == pluginAPIVersion else {
            throw PluginLoadError("built for plugin API \(manifest.apiVersion), this app has \(pluginAPIVersion)")
        }
        let file = manifest.moduleFile
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw PluginLoadError("module file \(file.path) not found")
        }
        if let reason = PluginSearchPath.unsafePermissions(file) {
            throw PluginLoadError("module file \(file.path) refused: \(reason)")
        }
        // Local binding: a plugin's own symbols never stand in for another's.
        guard let module = g_module_open(file.path, G_MODULE_BIND_LOCAL) else {
            throw PluginLoadError("cannot load \(file.path): \(moduleError())")
        }
        g_module_make_resident(module)
        var symbol: gpointer?
        guard g_module_symbol(module, pluginEntrySymbol, &symbol) != 0, let symbol else {
            throw PluginLoadError("\(file.lastPathComponent) has no entry point \(pluginEntrySymbol)")
        }
        typealias Entry = @convention(c) () -> UnsafeMutableRawPointer?
        let entry = unsafeBitCast(symbol, to: Entry.self)
        guard let exported = entry(),
              let export = Unmanaged<AnyObject>.fromOpaque(exported).takeRetainedValue() as? PluginExport
        else {
            throw PluginLoadError(
                "\(pluginEntrySymbol) in \(file.lastPathComponent) returned no GoodsDesk plugin (was it built against this app's PluginKit?)")
        }
        let plugin = export.make()
        guard plugin.info.id == manifest.id else {
            throw PluginLoadError("\(file.lastPathComponent) holds plugin \(plugin.info.id), but its manifest says \(manifest.id)")
        }
        return plugin
    }

    private static func moduleError() -> String {
        g_module_error().map { String(cString: $0) } ?? "unknown error"
    }
}
