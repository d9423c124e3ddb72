import Foundation

/// Keeps a plugin that took the app down while loading from taking it down at every start.
///
/// Before an external plugin's library is opened, its entry point run and its registration made,
/// a marker naming the plugin is written into `directory`; it is removed once the plugin is
/// installed or refused. A marker found at the next start means the app died during that
/// plugin's load: the plugin is turned off (as if by the user, so the 插件 dialog's switch
/// turns it back on) and listed as quarantined, with `reason`, until the user does.
///
/// The marker is written with `write(2)` and renamed into place: a crash of the process (a trap,
/// an abort, a signal) keeps it; only losing the machine's power at that moment could lose it.
public struct PluginSafeMode: Sendable {
    /// Where the marker and the list of quarantined plugins are kept
    /// (`$XDG_STATE_HOME/<app>` in an app).
    public let directory: URL

    /// What the 插件 dialog says about a plugin safe mode turned off in `host`.
    public static func reason(host: PluginHost) -> String {
        "disabled: \(host.name) quit while loading it last time; turn it on to try again"
    }

    public init(directory: URL) { self.directory = directory }

    var marker: URL { directory.appendingPathComponent("plugin-loading") }
    var quarantineList: URL { directory.appendingPathComponent("plugins-quit-while-loading") }

    /// The id of the plugin whose load a previous run began and never ended, if any.
    public func interruptedLoad() -> String? {
        guard let lines = Self.lines(of: marker) else { return nil }
        return lines.first.flatMap { Self.isPlausibleID($0) ? $0 : nil }
    }

    /// The plugins safe mode turned off and the user has not turned on again.
    public func quarantined() -> Set<String> {
        Set((Self.lines(of: quarantineList) ?? []).filter(Self.isPlausibleID))
    }

    /// Records that `id` is quarantined, then forgets the marker (in that order: dying in
    /// between only repeats this at the next start).
    func quarantine(_ id: String) throws {
        try save(quarantined().union([id]), to: quarantineList)
        try removeMarker()
    }

    /// Keeps only `ids` in the quarantine list (the others were turned on again by the user).
    func keepQuarantined(_ ids: Set<String>) throws {
        let current = quarantined()
        guard ids != current else { return }
        try save(current.intersection(ids), to: quarantineList)
    }

    /// Writes the marker for the plugin of `manifest`, before any of its code runs.
    func willLoad(_ manifest: PluginManifest) throws {
        try write("\(manifest.id)\n\(manifest.file.path)\n\(getpid())\n", to: marker)
    }

    /// Removes the marker: the load ended, whichever way.
    func removeMarker() throws {
        if unlink(marker.path) != 0 && errno != ENOENT {
            throw PluginLoadError("cannot remove \(marker.path): \(errorText())")
        }
    }

    private func save(_ ids: Set<String>, to file: URL) throws {
        if ids.isEmpty {
            if unlink(file.path) != 0 && errno != ENOENT { throw PluginLoadError("cannot remove \(file.path): \(errorText())") }
            return
        }
        try write(ids.sorted().map { "\($0)\n" }.joined(), to: file)
    }

    /// Writes `text` to `file` through a temporary file renamed over it, so a reader sees the
    /// old or the new text, never half of one.
    private func write(_ text: String, to file: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let temporary = file.path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw PluginLoadError("cannot write \(temporary): \(errorText())") }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let closed = close(fd)
        guard written == bytes.count, closed == 0, rename(temporary, file.path) == 0 else {
            let reason = errorText()
            unlink(temporary)
            throw PluginLoadError("cannot write \(file.path): \(reason)")
        }
    }

    /// The lines of a small state file, or nil when there is none (or it is not a small
    /// regular file).
    private static func lines(of file: URL) -> [String]? {
        guard let bytes = try? SmallFile.read(file.path, limit: 64 * 1024) else { return nil }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    private static func isPlausibleID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 255 && !id.contains(where: \.isWhitespace)
    }
}
