import Foundation

// layout-codegen MANIFEST SOURCE_FOLDER OUTPUT
//
// Writes OUTPUT, a Swift file with one type per `.ui` file that MANIFEST (a `*.gresource.xml`)
// compiles under its first prefix, the bundle `UIResourceBundle.module` names: `login.ui` →
// `LoginLayout`, with one typed property per object with an id (`phone: Entry`). A renamed or
// misspelt id then fails the build where the code uses it. MANIFEST's paths are relative to
// SOURCE_FOLDER. OUTPUT is rewritten only when its text changes. Run by the EmbedGResource
// package plugin and by meson-helpers/build-plugins.sh.

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: layout-codegen MANIFEST SOURCE_FOLDER OUTPUT\n".utf8))
    exit(2)
}
let manifestURL = URL(fileURLWithPath: arguments[1])
let sourceFolder = URL(fileURLWithPath: arguments[2], isDirectory: true)
let outputURL = URL(fileURLWithPath: arguments[3])

do {
    let manifest = try ResourceManifest(contentsOf: manifestURL, sourceFolder: sourceFolder)
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
    if (try? String(contentsOf: outputURL, encoding: .utf8)) != text {
        try Data(text.utf8).write(to: outputURL, options: .atomic)
    }
} catch let error as GeneratorError {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("\(outputURL.path): error: cannot be written: \(error.localizedDescription)\n".utf8))
    exit(1)
}
