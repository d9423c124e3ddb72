import Dispatch
import Foundation
import GtkReactive
import Synchronization

/// Turns a picture location from the data (a path relative to the data set, or a URL) into what
/// a view can show — and is the trust boundary for it: a path must resolve inside the data set's
/// folder (after `..` and symbolic links), a URL must be one `WebAddressPolicy` lets the app
/// fetch. Anything else (absolute paths, escapes, `file:`, other schemes, private hosts) shows
/// the placeholder, with one log line per location however often it is bound.
public struct PictureLocator: Sendable {
    /// The data set folder relative locations are resolved against.
    public let dataSetDirectory: URL
    /// Fetches pictures given by URL.
    public let loader: PictureLoader
    private let memo: Memo

    /// `log` receives one line per refused location (standard error by default), beginning with
    /// `host`'s name (the process's without a host). Fetched pictures are cached in
    /// `cacheDirectory` (by default `<temporary folder>/<that name, lowercased>-pictures`).
    public init(
        dataSetDirectory: URL,
        cacheDirectory: URL? = nil,
        loader: PictureLoader? = nil,
        host: PluginHost? = nil,
        log: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) {
        self.dataSetDirectory = dataSetDirectory
        let host = host ?? PluginHost(name: ProcessInfo.processInfo.processName)
        let cache = cacheDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("\(host.name.lowercased())-pictures")
        self.loader = loader ?? PictureLoader(cacheDirectory: cache)
        memo = Memo(folder: dataSetDirectory.path, allowingPrivateHosts: self.loader.allowsPrivateHosts, host: host, log: log)
    }

    /// Where the picture at `location` comes from; nil (the placeholder) for none, or for a
    /// location refused at the trust boundary.
    public func source(for location: String?) -> PictureSource? {
        guard let location, !location.isEmpty else { return nil }
        return memo.source(for: location)
    }

    /// Resolves `locations` on a background queue, so rows bound to them later find the answers
    /// ready instead of calling `realpath` on the GTK thread.
    public func resolveAhead(_ locations: [String]) {
        let memo = self.memo
        Self.ahead.async {
            for location in locations where !location.isEmpty { _ = memo.source(for: location) }
        }
    }

    private static let ahead = DispatchQueue(label: "pluginkit.picture-locations", qos: .utility)

    /// A local file path for `location`, or nil when it is a URL, refused or none (for views that
    /// only show files, like the carousel).
    public func path(for location: String?) -> String? {
        if case let .file(path)? = source(for: location) { return path }
        return nil
    }
}

/// Whether a location is spelled as a URL: a scheme (RFC 3986: a letter, then letters, digits,
/// `+`, `-`, `.`) and a colon. `images/a.svg` is not; `file:///x`, `javascript:x` and `app:x` are.
func hasURLScheme(_ location: String) -> Bool {
    guard let colon = location.firstIndex(of: ":") else { return false }
    let scheme = location[..<colon].unicodeScalars
    guard let first = scheme.first, first.isASCIILetter else { return false }
    return scheme.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

/// What each location resolved to, so a row bound again costs a dictionary look-up rather than
/// `realpath` calls on the GTK thread, and a refused location is logged once.
private final class Memo: Sendable {
    private struct State {
        var folderRealPath: String??
        var sources: [String: PictureSource?] = [:]
    }

    /// More distinct locations than this and the memo starts over (refusals may be logged again).
    private static let capacity = 4096
    private let folder: String
    private let allowingPrivateHosts: Bool
    private let host: PluginHost
    private let log: @Sendable (String) -> Void
    private let state = Mutex(State())

    init(folder: String, allowingPrivateHosts: Bool, host: PluginHost, log: @escaping @Sendable (String) -> Void) {
        self.folder = folder
        self.allowingPrivateHosts = allowingPrivateHosts
        self.host = host
        self.log = log
    }

    func source(for location: String) -> PictureSource? {
        if let known = state.withLock({ $0.sources[location] }) { return known }
        let (source, refusal) = resolve(location)
        let first = state.withLock { state in
            if state.sources.count >= Self.capacity { state.sources.removeAll(keepingCapacity: true) }
            return state.sources.updateValue(source, forKey: location) == nil
        }
        if first, let refusal { log(host.logLine("picture \"\(location)\" ignored: \(refusal)")) }
        return source
    }

    private var folderRealPath: String? {
        if let known = state.withLock({ $0.folderRealPath }) { return known }
        let resolved = PathConfinement.realPath(folder)
        state.withLock { $0.folderRealPath = .some(resolved) }
        return resolved
    }

    /// The source, or nil and why it was refused (nil reason: simply nothing to show).
    private func resolve(_ location: String) -> (PictureSource?, String?) {
        if hasURLScheme(location) {
            guard let url = WebAddressPolicy.fetchableURL(location, allowingPrivateHosts: allowingPrivateHosts) else {
                return (nil, "only http and https addresses of public hosts are fetched")
            }
            return (.url(url), nil)
        }
        if location.hasPrefix("/") { return (nil, "absolute paths are not read; use a path inside the data set") }
        guard let root = folderRealPath else { return (nil, nil) }
        switch PathConfinement.resolve(location, inFolder: root) {
        case let .inside(path): return (.file(path), nil)
        case .missing: return (nil, nil)
        case .outside: return (nil, "it leads outside the data set's folder \(folder)")
        }
    }
}
