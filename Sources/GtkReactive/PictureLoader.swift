import CGtk
import Foundation
import GtkShim
import Reactive

/// Where a picture comes from: a local file, or a URL to fetch.
public enum PictureSource: Sendable, Equatable {
    case file(String)
    case url(URL)
}

/// Why a picture could not be fetched.
public enum PictureFetchError: Error, Sendable, Equatable {
    /// Not an address the app fetches (`WebAddressPolicy`), or a redirect to one.
    case refused(String)
    /// More redirects than `PictureLoader.Limits.redirects`.
    case tooManyRedirects
    /// The server answered with this status (404…).
    case status(UInt32)
    /// The content type is not `image/…` (the type the server gave).
    case notAnImage(String)
    /// More bytes than `PictureLoader.Limits.pictureBytes`; reading stopped there.
    case tooLarge
    /// Unreachable, timed out, malformed or cancelled.
    case failed(String)
}

/// Fetches pictures by URL into a cache folder, through libsoup on the GLib main loop: nothing
/// blocks the GTK thread, and cache reads and writes run on a queue of their own. A picture in
/// the cache is not fetched again until it expires; a failed fetch sends nothing.
///
/// What is fetched is bounded: `http`/`https` only (and no private hosts unless allowed), an
/// `image/*` content type, at most `Limits.pictureBytes` (reading stops beyond it and nothing is
/// cached), redirects checked against the same rules. The cache folder is kept under
/// `Limits.cacheBytes` (the oldest files go first) and entries older than `Limits.expiry` are
/// fetched again.
public final class PictureLoader: Sendable {
    /// The bounds on what is fetched and kept.
    public struct Limits: Sendable {
        /// The largest picture fetched (10 MB).
        public var pictureBytes: Int = 10 * 1024 * 1024
        /// The most the cache folder holds (100 MB).
        public var cacheBytes: Int = 100 * 1024 * 1024
        /// How long a cached picture is used before it is fetched again (30 days).
        public var expiry: TimeInterval = 30 * 24 * 60 * 60
        /// Redirects followed per fetch.
        public var redirects: Int = 5

        public init() {}
    }

    /// Where fetched pictures are kept (`XDG_CACHE_HOME/<app>/pictures` in an app).
    public let cacheDirectory: URL
    /// The bounds in force.
    public let limits: Limits
    /// Whether loopback and private-network hosts may be fetched (tests against a local server).
    public let allowsPrivateHosts: Bool
    private let timeout: TimeInterval
    private let cacheQueue = DispatchQueue(label: "gtkreactive.picture-cache", qos: .utility)

    public init(cacheDirectory: URL, timeout: TimeInterval = 10, limits: Limits = Limits(), allowingPrivateHosts: Bool = false) {
        self.cacheDirectory = cacheDirectory
        self.timeout = timeout
        self.limits = limits
        allowsPrivateHosts = allowingPrivateHosts
    }

    /// The cache file for `url` (a stable name derived from the URL).
    public func cacheFile(for url: URL) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let suffix = url.pathExtension.lowercased()
        let keepsSuffix = (1...5).contains(suffix.count) && suffix.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        return cacheDirectory.appendingPathComponent(String(hash, radix: 16) + (keepsSuffix ? "." + suffix : ""))
    }

    /// The body of the picture at `url`, fetched now (no cache), or why not. Disposing the start
    /// cancels the fetch. Events arrive on the GLib main loop.
    public func fetch(_ url: URL) -> SignalProducer<Data, PictureFetchError> {
        let limits = self.limits
        let allowsPrivateHosts = self.allowsPrivateHosts
        let timeout = guint(clamping: max(1, Int(timeout.rounded(.up))))
        return SignalProducer { observer, lifetime in
            guard WebAddressPolicy.isFetchable(url, allowingPrivateHosts: allowsPrivateHosts) else {
                observer.send(error: .refused(url.absoluteString))
                return
            }
            let cancellable = Cancellable()
            lifetime.observeEnded { cancellable.cancel() }
            @Sendable func start(_ url: URL, redirectsLeft: Int) {
                let call = FetchCall { result, status, detail, body in
                    switch result {
                    case GRSHIM_FETCH_OK:
                        observer.send(value: body ?? Data())
                        observer.sendCompleted()
                    case GRSHIM_FETCH_REDIRECT:
                        guard redirectsLeft > 0 else { return observer.send(error: .tooManyRedirects) }
                        guard let detail, let next = URL(string: detail),
                              WebAddressPolicy.isFetchable(next, allowingPrivateHosts: allowsPrivateHosts) else {
                            return observer.send(error: .refused(detail ?? ""))
                        }
                        start(next, redirectsLeft: redirectsLeft - 1)
                    case GRSHIM_FETCH_HTTP_ERROR: observer.send(error: .status(status))
                    case GRSHIM_FETCH_NOT_IMAGE: observer.send(error: .notAnImage(detail ?? ""))
                    case GRSHIM_FETCH_TOO_LARGE: observer.send(error: .tooLarge)
                    default: observer.send(error: .failed(detail ?? "failed"))
                    }
                }
                grshim_fetch(url.absoluteString, gsize(limits.pictureBytes), timeout, cancellable.pointer,
                            fetchCallback, Unmanaged.passRetained(call).toOpaque(), releaseCall)
            }
            // libsoup runs on the main context; its session is used from there only.
            lifetime += MainLoopScheduler.shared.schedule {
                guard !lifetime.hasEnded else { return }
                start(url, redirectsLeft: limits.redirects)
            }
        }
    }

    /// The local path of the picture at `url`, from the cache or fetched into it; completes
    /// empty when it cannot be had (refused, unreachable, not an image, too large…).
    public func localPath(for url: URL) -> SignalProducer<String, Never> {
        guard WebAddressPolicy.isFetchable(url, allowingPrivateHosts: allowsPrivateHosts) else { return .empty }
        let target = cacheFile(for: url)
        let cache = PictureCache(directory: cacheDirectory, limits: limits)
        let queue = cacheQueue
        let fetch = self.fetch(url)
        return SignalProducer { observer, lifetime in
            queue.async {
                guard !lifetime.hasEnded else { return }
                if cache.isFresh(target) {
                    observer.send(value: target.path)
                    observer.sendCompleted()
                    return
                }
                lifetime += fetch.start(.init { event in
                    switch event {
                    case let .value(data):
                        queue.async {
                            if !lifetime.hasEnded, cache.store(data, at: target) { observer.send(value: target.path) }
                            observer.sendCompleted()
                        }
                    case .failed, .interrupted:
                        observer.sendCompleted()
                    case .completed:
                        break
                    }
                })
            }
        }
    }
}

/// The cache folder's rules; its methods do file I/O and run on the loader's cache queue.
struct PictureCache: Sendable {
    let directory: URL
    let limits: PictureLoader.Limits

    /// Whether `file` is cached and not expired; an expired one is removed.
    func isFresh(_ file: URL, now: Date = Date()) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let written = attributes[.modificationDate] as? Date else { return false }
        if now.timeIntervalSince(written) > limits.expiry || written.timeIntervalSince(now) > 24 * 60 * 60 {
            try? FileManager.default.removeItem(at: file)
            return false
        }
        return true
    }

    /// Writes `data` to `file`, then trims the folder; false when nothing was kept.
    func store(_ data: Data, at file: URL) -> Bool {
        guard data.count <= limits.pictureBytes, data.count <= limits.cacheBytes else { return false }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        } catch {
            return false // An unwritable cache leaves the placeholder; nothing to tell the user.
        }
        trim(keeping: file)
        return FileManager.default.fileExists(atPath: file.path)
    }

    /// Removes expired files, then the oldest until the folder is within its limit; `keeping` goes last.
    func trim(keeping kept: URL? = nil, now: Date = Date()) {
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey]
        guard let entries = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return }
        var files: [(url: URL, size: Int, written: Date)] = []
        for entry in entries {
            guard let values = try? entry.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            let written = values.contentModificationDate ?? .distantPast
            if now.timeIntervalSince(written) > limits.expiry {
                try? FileManager.default.removeItem(at: entry)
            } else {
                files.append((entry, values.fileSize ?? 0, written))
            }
        }
        var total = files.reduce(0) { $0 + $1.size }
        let keptPath = kept?.standardizedFileURL.path
        files.sort { lhs, rhs in
            let lhsKept = lhs.url.standardizedFileURL.path == keptPath, rhsKept = rhs.url.standardizedFileURL.path == keptPath
            return lhsKept != rhsKept ? rhsKept : lhs.written < rhs.written
        }
        for file in files where total > limits.cacheBytes {
            try? FileManager.default.removeItem(at: file.url)
            total -= file.size
        }
    }
}

/// A GCancellable owned from Swift.
private final class Cancellable: @unchecked Sendable { // safe: g_cancellable_cancel and GObject refcounts are thread-safe
    let pointer: UnsafeMutablePointer<GCancellable>

    init() { pointer = g_cancellable_new() }
    func cancel() { g_cancellable_cancel(pointer) }
    deinit { g_object_unref(pointer) }
}

/// The Swift side of one `grshim_fetch` call, retained by the C side until its destroy notify.
private final class FetchCall: Sendable {
    let handler: @Sendable (GrShimFetchResult, UInt32, String?, Data?) -> Void
    init(_ handler: @escaping @Sendable (GrShimFetchResult, UInt32, String?, Data?) -> Void) { self.handler = handler }
}

private let fetchCallback: GrShimFetchCallback = { result, status, detail, body, data in
    guard let data else { return }
    let call = Unmanaged<FetchCall>.fromOpaque(data).takeUnretainedValue()
    let bytes = body.map { body -> Data in
        var size: gsize = 0
        guard let start = g_bytes_get_data(body, &size), size > 0 else { return Data() }
        return Data(bytes: start, count: Int(size))
    }
    call.handler(result, UInt32(status), detail.map { String(cString: $0) }, bytes)
}

private let releaseCall: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<FetchCall>.fromOpaque(data).release()
}

extension Widget {
    /// An image (or picture) showing a file at once, or a URL once fetched — the placeholder
    /// meanwhile, and for nil or an unreachable URL. Fetching never blocks the GTK thread; a new
    /// value cancels a fetch still running for the previous one. The accessible description
    /// follows `descriptions` (`PictureDescriptions.standard` when nil).
    public func picture(
        placeholder: String = "image-missing-symbolic", descriptions: PictureDescriptions? = nil,
        loader: PictureLoader, during lifetime: Lifetime
    ) -> BindingTarget<PictureSource?> {
        let fetch = SerialDisposable()
        lifetime += fetch
        let show = pictureFile(placeholder: placeholder, descriptions: descriptions, during: lifetime)
        return BindingTarget(on: UIScheduler.shared, lifetime: lifetime, slot: slot("picture-source")) { source in
            switch source {
            case let .file(path)?:
                fetch.inner = nil
                show.action(path)
            case let .url(url)?:
                show.action(nil)
                fetch.inner = loader.localPath(for: url)
                    .observe(on: UIScheduler.shared)
                    .startWithValues { path in show.action(path) }
            case nil:
                fetch.inner = nil
                show.action(nil)
            }
        }
    }
}
