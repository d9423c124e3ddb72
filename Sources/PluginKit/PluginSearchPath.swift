import Foundation

/// Where external plugins are looked for, in order: each `--plugin-dir`, the entries of the
/// host's `pathVariable` (`SHELF_PLUGIN_PATH`), `<data directory>/plugins`
/// (`$XDG_DATA_HOME/shelf/plugins`), and the install prefix's plugin folder. Relative folders
/// are refused, so a plugin is never picked up from the current directory.
public struct PluginSearchPath: Sendable {
    /// The folders, in search order.
    public let directories: [URL]
    /// Entries refused while building the path, each with the reason.
    public let problems: [String]

    public init(
        pluginDirectories: [String], environment: [String: String], dataDirectory: URL, prefixPluginDirectory: URL?,
        host: PluginHost
    ) {
        var directories: [URL] = []
        var problems: [String] = []
        let fromEnvironment = (environment[host.pathVariable] ?? "").split(separator: ":").map(String.init)
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

    /// What a search found: the manifests to load, the manifest files refused unread because
    /// they or their folders are not trusted (`PluginTrust`), and problems that belong to no
    /// plugin.
    public struct Discovery: Sendable {
        /// A manifest file that was not read, and why.
        public struct Refusal: Sendable, Equatable {
            public let file: URL
            public let reason: String
        }

        public var manifests: [PluginManifest] = []
        public var refused: [Refusal] = []
        public var problems: [String] = []
    }

    /// Every manifest found, first folder first, checked by `trust` before it is read. A folder
    /// that is not trusted is refused whole: each manifest in it is refused, unread.
    public func search(trust: PluginTrust = PluginTrust()) -> Discovery {
        var found = Discovery(problems: problems)
        let fileManager = FileManager.default
        for directory in directories {
            guard let names = try? fileManager.contentsOfDirectory(atPath: directory.path) else { continue }
            let manifestNames = names.filter { $0.hasSuffix(".plugin") }.sorted()
            if let reason = trust.problem(withFolder: directory) {
                let why = "plugin folder \(directory.path) refused: \(reason)"
                if manifestNames.isEmpty { found.problems.append(why) }
                found.refused += manifestNames.map { .init(file: directory.appendingPathComponent($0), reason: why) }
                continue
            }
            for name in manifestNames {
                let file = directory.appendingPathComponent(name)
                if let reason = trust.problem(withFile: file) {
                    found.refused.append(.init(file: file, reason: "\(file.path) refused: \(reason)"))
                    continue
                }
                do {
                    let manifest = try PluginManifest.load(file)
                    if let first = found.manifests.first(where: { $0.id == manifest.id }) {
                        found.problems.append("\(file.path) refused: plugin id \(manifest.id) is already provided by \(first.file.path)")
                        continue
                    }
                    found.manifests.append(manifest)
                } catch {
                    found.problems.append(error.description)
                }
            }
        }
        return found
    }

    /// Every manifest found, first folder first; a manifest that cannot be used (untrusted,
    /// unreadable, incomplete, a duplicate id) is reported instead, with the reason.
    public func discover() -> (manifests: [PluginManifest], problems: [String]) {
        let found = search()
        return (found.manifests, found.refused.map(\.reason) + found.problems)
    }
}
