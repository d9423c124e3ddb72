import Foundation
import PackagePlugin

/// Compiles the target's GResource manifest (`*.gresource.xml`, listed in the target's
/// `exclude:`) with `glib-compile-resources` and embeds the result in the target as a Swift
/// file: `extension UIResourceBundle { static let module = UIResourceBundle(base64:prefix:) }`.
/// The resource lives in the binary, so the same code finds its `.ui` files uninstalled, in
/// tests and installed, with no search path and nothing to install.
///
/// With `layout-codegen` it also writes `<Target>Layouts.swift`: per `.ui` file under the
/// manifest's first prefix a `TypedLayout` (`login.ui` → `LoginLayout`, one typed property per
/// object with an id), so code names its widgets by properties the compiler checks.
///
/// The layouts need no line each: `<layouts folder="../../data/ui" compressed="true"/>` in the
/// manifest stands for every `.ui` file in that folder, which layout-codegen lists into the
/// manifest it compiles. The folder itself is an input, so adding or removing a file there
/// rebuilds both outputs; the files found when SwiftPM last planned the build are inputs too, so
/// their edits rebuild. SwiftPM keeps the commands a plugin returns until the package's layout
/// changes (see BuildIdentifier), so edits to a file added since are tracked only after the next
/// re-plan: touch Package.swift if one seems ignored. The output is never wrong, only possibly
/// not rebuilt.
@main
struct EmbedGResource: BuildToolPlugin {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // (Target.directoryURL needs tools version 6.1; the package is 6.0.)
        let folder = URL(fileURLWithPath: String(describing: target.directory), isDirectory: true)
        let manifests = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".gresource.xml") }
            .sorted { $0.path < $1.path }
        guard let manifest = manifests.first else { return [] }
        guard manifests.count == 1 else {
            throw Failure(description: "EmbedGResource: target \(target.name) holds \(manifests.count) *.gresource.xml files; one target embeds one resource")
        }
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let sourceFolder = manifest.deletingLastPathComponent()
        let prefix = try Self.prefix(in: text, manifest: manifest)
        let folders = Self.layoutFolders(in: text).map { sourceFolder.appending(path: $0).standardizedFileURL }
        let found = folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == "ui" }
        }
        let inputs = [manifest] + folders + found + Self.files(in: text).map { sourceFolder.appending(path: $0).standardizedFileURL }
        let output = context.pluginWorkDirectoryURL.appending(path: "\(target.name)GResource.swift")
        let expanded = context.pluginWorkDirectoryURL.appending(path: "\(target.name).gresource.xml")
        let script = #"""
            set -eu
            manifest=$1 sourcedir=$2 output=$3 prefix=$4
            command -v glib-compile-resources >/dev/null || { echo "EmbedGResource: glib-compile-resources is missing (Debian: libglib2.0-dev-bin; run meson-helpers/setup-deps.sh)" >&2; exit 1; }
            compiled=$(mktemp)
            trap 'rm -f "$compiled"' EXIT
            glib-compile-resources --sourcedir "$sourcedir" --target "$compiled" "$manifest"
            data=$(base64 -w0 "$compiled")
            text="// Written by the EmbedGResource package plugin (Plugins/EmbedGResource) from
            // $(basename "$manifest"). Not in the source tree; do not edit.
            import GtkReactive

            extension UIResourceBundle {
                /// This module's compiled GResource (its .ui files), registered on first use.
                static let module = UIResourceBundle(base64: \"$data\", prefix: \"$prefix\")
            }"
            if [ ! -f "$output" ] || [ "$(cat "$output")" != "$text" ]; then printf '%s\n' "$text" > "$output"; fi
            """#
        let codegen = try context.tool(named: "layout-codegen")
        let layouts = context.pluginWorkDirectoryURL.appending(path: "\(target.name)Layouts.swift")
        return [
            .buildCommand(
                displayName: "Generating \(target.name)'s typed layouts from \(manifest.lastPathComponent)",
                executable: codegen.url,
                arguments: [manifest.path, sourceFolder.path, layouts.path, expanded.path],
                inputFiles: inputs + [codegen.url], outputFiles: [layouts, expanded]),
            .buildCommand(
                displayName: "Compiling \(manifest.lastPathComponent) into \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", expanded.path, sourceFolder.path, output.path, prefix],
                inputFiles: inputs + [expanded], outputFiles: [output]),
        ]
    }

    /// The first `<gresource prefix="…">`: the bundle's prefix.
    static func prefix(in manifest: String, manifest url: URL) throws -> String {
        let pattern = /<gresource\s+prefix\s*=\s*"([^"]*)"/
        guard let match = manifest.firstMatch(of: pattern) else {
            throw Failure(description: "EmbedGResource: \(url.path) has no <gresource prefix=\"…\">")
        }
        let prefix = String(match.1)
        guard prefix.hasPrefix("/"), !prefix.contains("\""), !prefix.contains("\\"), !prefix.contains("$") else {
            throw Failure(description: "EmbedGResource: \(url.path): the prefix \"\(prefix)\" must be an absolute resource path")
        }
        return prefix.count > 1 && prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
    }

    /// The folders of the `<layouts folder="…"/>` entries, relative to the manifest's folder.
    static func layoutFolders(in manifest: String) -> [String] {
        manifest.matches(of: /<layouts\b[^>]*?folder\s*=\s*"([^"]*)"/).map { String($0.1) }
    }

    /// The paths of the `<file>` entries, relative to the manifest's folder.
    static func files(in manifest: String) -> [String] {
        manifest.matches(of: /<file\b[^>]*>\s*([^<]+?)\s*<\/file>/).map { String($0.1) }
    }
}
