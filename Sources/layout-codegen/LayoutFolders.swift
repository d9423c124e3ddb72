import Foundation

/// A manifest's `<layouts folder="…"/>` elements: each stands for every `.ui` file in that folder
/// (relative to the source folder, not its subfolders), so a new layout needs no line of its own.
/// `expanded` is the manifest glib-compile-resources reads: each element replaced by one
/// `<file alias="name.ui">folder/name.ui</file>` per file, in name order, carrying the element's
/// other attributes (`compressed="true"`).
enum LayoutFolders {
    /// `<layouts folder="../../data/ui" compressed="true"/>`.
    static var element: Regex<(Substring, Substring)> { /<layouts\b([^>]*?)\/>/ }

    /// The folders `manifest` names, as written.
    static func folders(in manifest: String) -> [String] {
        manifest.matches(of: element).compactMap { folder(in: String($0.1)) }
    }

    /// The `.ui` files of `folder` (relative to `sourceFolder`), by name.
    static func files(in folder: String, sourceFolder: URL, manifest: URL) throws(GeneratorError) -> [String] {
        let url = sourceFolder.appendingPathComponent(folder, isDirectory: true)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw GeneratorError(file: manifest.path, message: "<layouts folder=\"\(folder)\"> names no readable folder (\(url.standardizedFileURL.path))")
        }
        return names.filter { $0.hasSuffix(".ui") && !$0.hasPrefix(".") }.sorted()
    }

    /// `manifest` with every `<layouts …/>` replaced by its folder's files.
    static func expanded(_ manifest: String, sourceFolder: URL, url: URL) throws(GeneratorError) -> String {
        var text = ""
        var rest = manifest[...]
        while let match = rest.firstMatch(of: element) {
            text += rest[..<match.range.lowerBound]
            let attributes = String(match.1)
            guard let folder = folder(in: attributes) else {
                throw GeneratorError(file: url.path, message: "<layouts …/> needs folder=\"…\"")
            }
            let others = attributes.replacing(/\s*folder\s*=\s*"[^"]*"/, with: "")
            let files = try files(in: folder, sourceFolder: sourceFolder, manifest: url)
            let trimmed = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
            text += files.map { "<file alias=\"\($0)\"\(others)>\(trimmed)/\($0)</file>" }.joined(separator: "\n    ")
            rest = rest[match.range.upperBound...]
        }
        return text + rest
    }

    private static func folder(in attributes: String) -> String? {
        attributes.firstMatch(of: /folder\s*=\s*"([^"]*)"/).map { String($0.1) }
    }
}
