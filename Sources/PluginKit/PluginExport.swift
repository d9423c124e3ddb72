import Synchronization

/// What an external plugin's entry point hands to the loader: a way to make the plugin on the
/// main actor, with the plugin API version and build identifier the plugin was compiled with.
///
/// The loader trusts no pointer an entry point returns: it only accepts one that
/// `PluginExport.export` issued in this process and nobody redeemed yet, so a null, a stray or
/// a foreign pointer is refused without ever being read.
///
/// The entry point is one line, the host's `entrySymbol` (`PluginHost`) naming it:
///
/// ```swift
/// @_cdecl("shelf_plugin_entry") public func pluginEntry() -> UnsafeMutableRawPointer { PluginExport.export { MyPlugin() } }
/// ```
public final class PluginExport: Sendable {
    /// The plugin API version the plugin was compiled for.
    public let apiVersion: Int
    /// The build identifier (`PluginBuild`) of the layers the plugin was compiled against.
    public let buildIdentifier: String
    let make: @MainActor @Sendable () -> any Plugin

    init(apiVersion: Int, buildIdentifier: String, make: @escaping @MainActor @Sendable () -> any Plugin) {
        self.apiVersion = apiVersion
        self.buildIdentifier = buildIdentifier
        self.make = make
    }

    /// The value the entry point returns; the loader takes ownership of it. Its body is compiled
    /// into the plugin, so the version and identifier it passes are the plugin's own.
    @_alwaysEmitIntoClient
    public static func export(_ make: @escaping @MainActor @Sendable () -> any Plugin) -> UnsafeMutableRawPointer {
        issue(apiVersion: PluginBuild.compiledAPIVersion, buildIdentifier: PluginBuild.compiledIdentifier, make: make)
    }

    /// Addresses of exports issued and not yet redeemed.
    private static let issued = Mutex<Set<UInt>>([])

    /// Makes an export and remembers its address, so the loader can tell it from garbage.
    @usableFromInline
    static func issue(
        apiVersion: Int, buildIdentifier: StaticString, make: @escaping @MainActor @Sendable () -> any Plugin
    ) -> UnsafeMutableRawPointer {
        let pointer = Unmanaged.passRetained(
            PluginExport(apiVersion: apiVersion, buildIdentifier: buildIdentifier.description, make: make)).toOpaque()
        issued.withLock { _ = $0.insert(UInt(bitPattern: pointer)) }
        return pointer
    }

    /// The export at `pointer` if `issue` made it and it was not redeemed yet; nil for anything
    /// else, which is never dereferenced.
    static func redeem(_ pointer: UnsafeMutableRawPointer?) -> PluginExport? {
        guard let pointer, issued.withLock({ $0.remove(UInt(bitPattern: pointer)) != nil }) else { return nil }
        return Unmanaged<PluginExport>.fromOpaque(pointer).takeRetainedValue()
    }
}
