// Test helper: loads the external plugins of the folders given, with safe mode keeping its
// marker in a state folder, as the app does at start. The loader's tests run it as a child
// process for plugins that take the process down, so the test runner survives them.
//
//   plugin-load-probe STATE_FOLDER PLUGIN_FOLDER...
//
// Prints one line per plugin (`<id> <state>`) and exits 0, unless a plugin takes it down.
import Foundation
import PluginKit

let arguments = CommandLine.arguments.dropFirst()
guard let state = arguments.first, arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: plugin-load-probe STATE_FOLDER PLUGIN_FOLDER...\n".utf8))
    exit(2)
}
let registry = PluginRegistry()
// The app's host: its plugins and its safe mode's messages.
let host = PluginHost(name: "GoodsDesk")
let searchPath = PluginSearchPath(
    pluginDirectories: Array(arguments.dropFirst()), environment: [:],
    dataDirectory: URL(fileURLWithPath: "/nonexistent-goodsdesk"), prefixPluginDirectory: nil, host: host)
registry.loadExternalPlugins(
    from: searchPath, disabled: [], safeMode: PluginSafeMode(directory: URL(fileURLWithPath: state)), host: host,
    log: { FileHandle.standardError.write(Data("\($0)\n".utf8)) })
for entry in registry.entries {
    print(entry.info.id, entry.error.map { "failed: \($0)" } ?? "\(entry.state)")
}
