/// The one C symbol an external plugin exports. It returns `PluginExport.export { … }`.
///
/// ```swift
/// @_cdecl("goodsdesk_plugin_entry")
/// public func goodsdeskPluginEntry() -> UnsafeMutableRawPointer {
///     PluginExport.export { MyPlugin() }
/// }
/// ```
public let pluginEntrySymbol = "goodsdesk_plugin_entry"

/// What an external plugin's entry point hands to the loader: a way to make the plugin on the
/// main actor. The loader checks that it really is one (a library built against another copy of
/// PluginKit is refused, not trusted).
public final class PluginExport: Sendable {
    let make: @MainActor @Sendable () -> any Plugin

    init(_ make: @escaping @MainActor @Sendable () -> any Plugin) { self.make = make }

    /// The value the entry point returns; the loader takes ownership of it.
    public static func export(_ make: @escaping @MainActor @Sendable () -> any Plugin) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(PluginExport(make)).toOpaque()
    }
}
