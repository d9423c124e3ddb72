/// The app that loads plugins, as PluginKit names it: in the messages it logs and shows
/// ("… was built for another build of <name> …"), in the C symbols it looks up in a plugin's
/// library, and in the environment variable with extra plugin folders.
///
/// PluginKit knows no app: the app passes its own host (`PluginHost(name: "Shelf")`) to the
/// loader, the search path and the picture locator. Everything else follows from the name unless
/// given: `shelf_plugin_entry`, `shelf_plugin_build_identifier`, `SHELF_PLUGIN_PATH`.
public struct PluginHost: Sendable, Equatable {
    /// The app's name, as it begins log lines (`Shelf: plugin skipped: …`) and appears in errors.
    public var name: String
    /// The one function a plugin exports (`@_cdecl`), returning `PluginExport.export { … }`.
    public var entrySymbol: String
    /// The function the plugin build adds to a plugin, returning its build identifier (`PluginBuild`).
    public var identifierSymbol: String
    /// The environment variable with extra plugin folders, `:`-separated (`PluginSearchPath`).
    public var pathVariable: String

    /// The host `name`; the symbols and the variable default to the name's
    /// (`<name>_plugin_entry`, `<name>_plugin_build_identifier`, `<NAME>_PLUGIN_PATH`, the name in
    /// lower or upper case with every character but letters and digits an underscore).
    public init(name: String, entrySymbol: String? = nil, identifierSymbol: String? = nil, pathVariable: String? = nil) {
        let stem = String(name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? Character(scalar) : "_"
        })
        self.name = name
        self.entrySymbol = entrySymbol ?? "\(stem.lowercased())_plugin_entry"
        self.identifierSymbol = identifierSymbol ?? "\(stem.lowercased())_plugin_build_identifier"
        self.pathVariable = pathVariable ?? "\(stem.uppercased())_PLUGIN_PATH"
    }

    /// A log line about plugins: `"<name>: <message>"`.
    func logLine(_ message: String) -> String { "\(name): \(message)" }
}
