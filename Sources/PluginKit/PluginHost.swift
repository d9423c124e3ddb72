/// The app that loads plugins, as PluginKit names it: in the messages it logs and shows
/// ("… was built for another build of GoodsDesk …"), and in the C symbols it looks up in a
/// plugin's library.
///
/// PluginKit is a framework any app can host plugins with; the defaults are GoodsDesk's, so the
/// app (and every message its tests compare) is unchanged when it passes none.
public struct PluginHost: Sendable, Equatable {
    /// The app's name, as it begins log lines (`GoodsDesk: plugin skipped: …`) and appears in errors.
    public var name: String
    /// The one function a plugin exports (`@_cdecl`), returning `PluginExport.export { … }`.
    public var entrySymbol: String
    /// The function the plugin build adds to a plugin, returning its build identifier (`PluginBuild`).
    public var identifierSymbol: String
    /// The environment variable with extra plugin folders, `:`-separated (`PluginSearchPath`).
    public var pathVariable: String

    public init(
        name: String = "GoodsDesk", entrySymbol: String = pluginEntrySymbol,
        identifierSymbol: String = PluginBuild.identifierSymbol, pathVariable: String = "GOODSDESK_PLUGIN_PATH"
    ) {
        self.name = name
        self.entrySymbol = entrySymbol
        self.identifierSymbol = identifierSymbol
        self.pathVariable = pathVariable
    }

    /// A log line about plugins: `"<name>: <message>"`.
    func logLine(_ message: String) -> String { "\(name): \(message)" }
}
