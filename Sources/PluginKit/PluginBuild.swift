/// Which build of the app's layers a plugin was compiled against.
///
/// The layers are compiled without library evolution, so a plugin only works with the very
/// build of them it was compiled against: one built against other sources can crash the app in
/// ways the manifest's API version cannot see. Each build therefore has an identifier — a hash
/// of the library targets' sources and the configuration, written by the `BuildIdentifier`
/// package plugin as `compiledIdentifier` — and every plugin carries a copy of it:
/// `compiledIdentifier` is emitted into the plugin's own code from the module interface it is
/// compiled against, so the copy in a plugin says which interface that was, while
/// `PluginBuild.identifier` is the one the running app was built with.
///
/// A plugin hands its copy over twice: through the host's `identifierSymbol`
/// (`<app>_plugin_build_identifier`), a C function the app's plugin build adds to every plugin
/// (in this repository, `meson-helpers/build-plugins.sh`) and the loader reads *before* running any
/// other plugin code, and in the `PluginExport` its entry point returns.
public enum PluginBuild {
    /// The running app's build identifier (`<hash>-debug` or `<hash>-release`).
    public static var identifier: String { appIdentifier }

    /// The plugin API version, as compiled into the caller (the app, or a plugin).
    @_alwaysEmitIntoClient public static var compiledAPIVersion: Int { 1 }

    /// Read once from PluginKit's own copy of the constant, so it is the app's.
    private static let appIdentifier = compiledIdentifier.description
}
