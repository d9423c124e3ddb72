import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Reactive

/// Where a picture comes from: a local file, or a URL to fetch.
public enum PictureSource: Sendable, Equatable {
    case file(String)
    case url(URL)
}

/// Fetches pictures by URL into a cache folder, off the GTK thread. A picture already in the
/// cache is not fetched again; a failed fetch (unreachable, not found) sends nothing.
public final class PictureLoader: Sendable {
    /// Where fetched pictures are kept (`XDG_CACHE_HOME/goodsdesk/pictures` in the app).
    public let cacheDirectory: URL
    private let timeout: TimeInterval

    public init(cacheDirectory: URL, timeout: TimeInterval = 10) {
        self.cacheDirectory = cacheDirectory
        self.timeout = timeout
    }

    /// The cache file for `url` (a stable name derived from the URL).
    public func cacheFile(for url: URL) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let name = String(hash, radix: 16) + (url.pathExtension.isEmpty ? "" : "." + url.pathExtension)
        return cacheDirectory.appendingPathComponent(name)
    }

    /// The local path of the picture at `url`, fetched if needed; completes empty on failure.
    public func localPath(for url: URL) -> SignalProducer<String, Never> {
        let target = cacheFile(for: url)
        let cacheDirectory = self.cacheDirectory
        let timeout = self.timeout
        return SignalProducer { observer, lifetime in
            if FileManager.default.fileExists(atPath: target.path) {
                observer.send(value: target.path)
                observer.sendCompleted()
                return
            }
            var request = URLRequest(url: url)
            request.timeoutInterval = timeout
            let task = URLSession.shared.dataTask(with: request) { data, response, error in
                let status = (response as? HTTPURLResponse)?.statusCode ?? 200
                guard error == nil, let data, !data.isEmpty, (200..<300).contains(status) else {
                    observer.sendCompleted()
                    return
                }
                do {
                    try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
                    try data.write(to: target, options: .atomic)
                    observer.send(value: target.path)
                } catch {
                    // An unwritable cache leaves the placeholder; nothing to report to the user.
                }
                observer.sendCompleted()
            }
            lifetime.observeEnded { task.cancel() }
            task.resume()
        }
    }
}

extension Widget {
    /// An image (or picture) showing a file at once, or a URL once fetched — the placeholder
    /// meanwhile, and for nil or an unreachable URL. Fetching never blocks the GTK thread; a new
    /// value cancels a fetch still running for the previous one.
    public func picture(
        placeholder: String = "image-missing-symbolic", loader: PictureLoader, during lifetime: Lifetime
    ) -> BindingTarget<PictureSource?> {
        let fetch = SerialDisposable()
        lifetime += fetch
        let show = pictureFile(placeholder: placeholder, during: lifetime)
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
