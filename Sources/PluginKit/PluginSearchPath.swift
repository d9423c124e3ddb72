import Foundation

/// Where external plugins are looked for, in order: each `--plugin-dir`, the entries of
/// `GOODSDESK_PLUGIN_PATH`, `$XDG_DATA_HOME/goodsdesk/plugins`, and the install prefix's plugin
/// folder. Relative folders are refused, so a plugin is never picked up from the current directory.
public struct PluginSearchPath: Sendable {
    /// The folders, in search order.
    public let directories: [URL]
    /// Entries refused while building the path, each with the reason.
    public let problems: [String]

    public init(
        pluginDirectories: [String], environment: [String: String], dataDirectory: URL, prefixPluginDirectory: URL?
    ) {
        var directories: [URL] = []
        var problems: [String] = []
        let fromEnvironment = (environment["GOODSDESK_PLUGIN_PATH"] ?? "").split(separator: ":").map(String.init)
        for entry in pluginDirectories + fromEnvironment where !entry.isEmpty {
            if entry.hasPrefix("/") {
                directories.append(URL(fileURLWithPath: entry).standardizedFileURL)
            } else {
                problems.append("plugin folder \"\(entry)\" refused: plugin folders must be absolute paths")
            }
        }
        directories.append(dataDirectory.appendingPathComponent("plugins"))
        if let prefixPluginDirectory { directories.append(prefixPluginDirectory) }
        var seen = Set<String>()
        self.directories = directories.filter { seen.insert($0.path).inserted }
        self.problems = problems
    }

    /// Every manifest found, first folder first; a manifest that cannot be used (unreadable,
    /// incomplete, writable by others, a duplicate id) is reported instead, with the reason.
    public func discover() -> (manifests: [PluginManifest], problems: [String]) {
        var manifests: [PluginManifest] = []
        var problems = self.problems
        let fileManager = FileManager.default
        for directory in directories {
            guard let names = try? fileManager.contentsOfDirectory(atPath: directory.path) else { continue }
            if let reason = Self.unsafePermissions(directory) {
                problems.append("plugin folder \(directory.path) refused: \(reason)")
                continue
            }
            for name in names.sorted() where name.hasSuffix(".plugin") {
                let file = directory.appendingPathComponent(name)
                if let reason = Self.unsafePermissions(file) {
                    problems.append("\(file.path) refused: \(reason)")
                    continue
                }
                do {
                    let manifest = try PluginManifest.load(file)
                    if let first = manifests.first(where: { $0.id == manifest.id }) {
                        problems.append("\(file.path) refused: plugin id \(manifest.id) is already provided by \(first.file.path)")
                        continue
                    }
                    manifests.append(manifest)
                } catch {
                    problems.append(error.description)
                }
            }
        }
        return (manifests, problems)
    }

    /// Why `url` may not be trusted (writable by users other than its owner), or nil.
    static func unsafePermissions(_ url: URL) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              let permissions = attributes[.posixPermissions] as? NSNumber else { return "cannot read its permissions" }
        return permissions.intValue & 0o022 != 0 ? "writable by other users" : nil
    }
}
