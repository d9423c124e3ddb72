import Foundation

// layout-codegen MANIFEST SOURCE_FOLDER OUTPUT [EXPANDED_MANIFEST]
//
// Writes OUTPUT, a Swift file with one type per `.ui` file that MANIFEST (a `*.gresource.xml`)
// compiles under its first prefix, the bundle `UIResourceBundle.module` names: `login.ui` →
// `LoginLayout`, with one typed property per object with an id (`phone: Entry`). A renamed or
// misspelt id then fails the build where the code uses it. MANIFEST's paths are relative to
// SOURCE_FOLDER. A `<layouts folder="…"/>` in MANIFEST stands for every `.ui` file in that
// folder (`LayoutFolders`): EXPANDED_MANIFEST is then the manifest with them listed, for
// glib-compile-resources. Outputs are rewritten only when their text changes. Run by the
// EmbedGResource package plugin and by meson-helpers/build-plugins.sh.

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5 else {
    FileHandle.standardError.write(Data("usage: layout-codegen MANIFEST SOURCE_FOLDER OUTPUT [EXPANDED_MANIFEST]\n".utf8))
    exit(2)
}
let manifestURL = URL(fileURLWithPath: arguments[1])
let sourceFolder = URL(fileURLWithPath: arguments[2], isDirectory: true)
let outputURL = URL(fileURLWithPath: arguments[3])
let expandedURL = arguments.count == 5 ? URL(fileURLWithPath: arguments[4]) : nil

/// Writes `text` to `url` unless it already holds it (so the build sees no change).
func write(_ text: String, to url: URL) throws {
    if (try? String(contentsOf: url, encoding: .utf8)) != text {
        try Data(text.utf8).write(to: url, options: .atomic)
    }
}

do {
    let template: String
    do {
        template = try String(contentsOf: manifestURL, encoding: .utf8)
    } catch {
        throw GeneratorError(file: manifestURL.path, message: "cannot be read")
    }
    let expanded = try LayoutFolders.expanded(template, sourceFolder: sourceFolder, url: manifestURL)
    if expanded != template, expandedURL == nil {
        throw GeneratorError(file: manifestURL.path, message: "<layouts folder=…/> needs the EXPANDED_MANIFEST argument to be compiled")
    }
    let manifest = try ResourceManifest(text: expanded, url: manifestURL, sourceFolder: sourceFolder)
    var layouts: [LayoutSource.Layout] = []
    var modules: Set<String> = []
    var files: [String: String] = [:]
    for entry in manifest.layouts {
        let (layout, needs) = try LayoutSource.layout(named: entry.name, path: entry.url.path, file: LayoutFile(contentsOf: entry.url))
        if let other = files[layout.typeName] {
            throw GeneratorError(file: manifestURL.path, message: "\(other) and \(entry.name) would both be \(layout.typeName): rename one")
        }
        files[layout.typeName] = entry.name
        layouts.append(layout)
        modules.formUnion(needs)
    }
    let text = LayoutSource.source(manifest: manifestURL.lastPathComponent, layouts: layouts, modules: modules)
    try write(text, to: outputURL)
    if let expandedURL { try write(expanded, to: expandedURL) }
} catch let error as GeneratorError {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("\(outputURL.path): error: cannot be written: \(error.localizedDescription)\n".utf8))
    exit(1)
}
