import Foundation
import PackagePlugin

/// Gives the target the project's facts that meson reads too, from the one file each holds them
/// in at the package's root: `VERSION` (the version, e.g. `0.6.0`) and `APP_ID` (the
/// application id). Writes them as `enum ProjectFacts { static let version, applicationID }`,
/// internal to the target, so the program, meson's project and the installed metadata cannot
/// disagree. The command runs again whenever one of the two files changes; each file must hold
/// one line of letters, digits, dots, dashes or underscores (anything else fails the build).
@main
struct ProjectFacts: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let version = root.appending(path: "VERSION")
        let applicationID = root.appending(path: "APP_ID")
        let output = context.pluginWorkDirectoryURL.appending(path: "ProjectFacts.swift")
        let script = #"""
            set -eu
            output=$1
            read_fact() {
                value=$(head -n 1 "$1" | tr -d '[:space:]')
                case $value in ''|*[!A-Za-z0-9._-]*) echo "ProjectFacts: $1 must hold one line of [A-Za-z0-9._-], not '$value'" >&2; exit 1 ;; esac
                printf '%s' "$value"
            }
            version=$(read_fact "$2")
            id=$(read_fact "$3")
            text="// Written by the ProjectFacts package plugin (Plugins/ProjectFacts) from VERSION and
            // APP_ID at the package's root. Not in the source tree; do not edit.
            enum ProjectFacts {
                /// The project's version (VERSION), as meson's project() has it.
                static let version = \"$version\"
                /// The application id (APP_ID), as meson and the installed metadata have it.
                static let applicationID = \"$id\"
            }"
            if [ ! -f "$output" ] || [ "$(cat "$output")" != "$text" ]; then printf '%s\n' "$text" > "$output"; fi
            """#
        return [
            .buildCommand(
                displayName: "Reading the project's facts (VERSION, APP_ID) for \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", output.path, version.path, applicationID.path],
                inputFiles: [version, applicationID], outputFiles: [output]),
        ]
    }
}
