import Foundation
import PackagePlugin

/// Gives PluginKit the identifier of this build of the app's layers: a hash of the sources of
/// every library target and of Package.swift (which holds their flags), written as a Swift
/// constant that PluginKit compiles in and that plugins, compiled against PluginKit's module
/// interface, copy into themselves (`PluginBuild`). The loader compares the two, so a plugin
/// built against other sources of the layers is refused instead of crashing the app.
///
/// The hash is taken by the build command itself, which runs whenever one of those files
/// changes (SwiftPM keeps the commands a plugin returns until the package's layout changes, so
/// a hash taken here would go stale). The file is only rewritten when its text changes.
@main
struct BuildIdentifier: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        var files: [URL] = [context.package.directoryURL.appending(path: "Package.swift")]
        for module in context.package.targets.compactMap(\.sourceModule) where module.kind == .generic {
            files += module.sourceFiles.filter { $0.type == .source || $0.type == .header }.map(\.url)
        }
        files.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildIdentifier.swift")
        let root = context.package.directoryURL.standardizedFileURL.path + "/"
        // Paths are hashed relative to the package, so every checkout of the same sources agrees.
        let script = #"""
            set -eu
            output=$1 root=$2
            shift 2
            hash=$(for file in "$@"; do printf '%s\0' "${file#"$root"}"; cat "$file"; printf '\0'; done | sha256sum | cut -c1-32)
            text="// Written by the BuildIdentifier package plugin (Plugins/BuildIdentifier): a hash of the
            // library targets' sources. Not in the source tree; do not edit.
            extension PluginBuild {
            #if DEBUG
                @_alwaysEmitIntoClient public static var compiledIdentifier: StaticString { \"$hash-debug\" }
            #else
                @_alwaysEmitIntoClient public static var compiledIdentifier: StaticString { \"$hash-release\" }
            #endif
            }"
            if [ ! -f "$output" ] || [ "$(cat "$output")" != "$text" ]; then printf '%s\n' "$text" > "$output"; fi
            """#
        return [
            .buildCommand(
                displayName: "Hashing the layers' sources for PluginKit's build identifier",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", output.path, root] + files.map(\.path),
                inputFiles: files, outputFiles: [output]),
        ]
    }
}
