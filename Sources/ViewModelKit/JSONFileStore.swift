import Dispatch
import Foundation
import Reactive
import Synchronization

/// One `Codable` value kept in a JSON file, for an app's own small data (a to-do list, its
/// filter): read and written off the main thread, on `io`, and written atomically — a
/// temporary file beside it, flushed to disk (`fsync`), renamed over the file, the folder
/// flushed — so a crash or a `kill -9` at any moment leaves the previous file or the new one,
/// never a torn one. A file that cannot be read or decoded is untrusted input gone wrong: it is
/// kept, renamed with a timestamp, and `load()` says so (`StoredFile.damaged`); the app starts
/// empty and says why.
///
/// Range checks belong in `Value`'s `Decodable` init: one that throws makes the file damaged.
/// Saves run in order, each writing the whole value; a failed save is sent on `failures`.
public final class JSONFileStore<Value: Codable & Sendable>: Sendable {
    /// The file.
    public let url: URL
    /// The largest file `load()` reads; a larger one is damaged.
    public let maximumBytes: Int
    /// Why a save failed (in English, for the log), on `io`'s thread.
    public let failures: Signal<String, Never>
    private let failed: Signal<String, Never>.Observer
    private let io: any Scheduler
    /// False once a damaged file could not be moved aside: the store then never writes over it.
    private let writable = Mutex(true)

    /// A store of `url`, whose reads and writes run on `io` (a serial queue of its own by
    /// default; a `TestScheduler` in tests, so they run when the test advances it).
    public init(url: URL, io: any Scheduler = QueueScheduler(name: "json-file-store"), maximumBytes: Int = 16 << 20) {
        self.url = url
        self.io = io
        self.maximumBytes = maximumBytes
        (failures, failed) = Signal<String, Never>.pipe()
    }

    /// Reads the file on `io`: one `StoredFile`, then completes. A damaged file is renamed
    /// to `<name>.damaged-<UTC time>` before this sends.
    public func load() -> SignalProducer<StoredFile<Value>, Never> {
        SignalProducer { [self] observer, lifetime in
            lifetime += io.schedule {
                observer.send(value: self.read())
                observer.sendCompleted()
            }
        }
    }

    /// Waits until the saves asked before it are on disk, or `timeout` has passed: for an app
    /// about to exit, whose queued saves would otherwise be dropped with the process. False when
    /// it timed out (`io` never got to it: a `TestScheduler` nobody advances, a blocked queue).
    @discardableResult
    public func flush(timeout: Duration = .seconds(5)) -> Bool {
        let done = DispatchSemaphore(value: 0)
        _ = io.schedule { done.signal() }
        let (seconds, attoseconds) = timeout.components
        return done.wait(timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))) == .success
    }

    /// Writes `value` on `io`, after the saves asked before it.
    public func save(_ value: Value) {
        _ = io.schedule { [self] in
            guard writable.withLock({ $0 }) else { return failed.send(value: "\(url.path) is damaged and was kept: not written over") }
            do {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                try Self.write(try encoder.encode(value), to: url)
            } catch {
                failed.send(value: "cannot save \(url.path): \(error)")
            }
        }
    }

    private func read() -> StoredFile<Value> {
        guard FileManager.default.fileExists(atPath: url.path) else { return .missing }
        let reason: String
        do {
            let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
            guard size <= maximumBytes else { throw FileStoreError("\(size) bytes, more than \(maximumBytes)") }
            return .loaded(try JSONDecoder().decode(Value.self, from: Data(contentsOf: url)))
        } catch {
            reason = "\(error)"
        }
        guard let kept = Self.moveAside(url) else {
            writable.withLock { $0 = false }
            return .damaged(reason: reason, keptAt: nil)
        }
        return .damaged(reason: reason, keptAt: kept)
    }

    /// Renames `url` to `<name>.damaged-<UTC time>` beside it (with a number after it when
    /// that is taken), never over another file: a hard link to a name that must not exist yet
    /// (`link` fails rather than replace), then the old name removed. Nil when it cannot.
    private static func moveAside(_ url: URL) -> URL? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        let base = "\(url.lastPathComponent).damaged-\(formatter.string(from: Date()))"
        let folder = url.deletingLastPathComponent()
        for number in 1...1_000 {
            let candidate = folder.appendingPathComponent(number == 1 ? base : "\(base)-\(number)")
            if link(url.path, candidate.path) == 0 {
                // Both names hold the file now; if the old one cannot go, the store must not
                // write over it, so it is reported as not moved.
                return unlink(url.path) == 0 ? candidate : nil
            }
            guard errno == EEXIST else { return nil }
        }
        return nil
    }

    /// Writes `data` to `url` atomically: temporary file, fsync, rename, fsync of the folder.
    static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        let file = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw FileStoreError.errno("create \(temporary.path)") }
        var written = 0
        let wrote: Bool = data.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress else { return true }  // nothing to write
            while written < bytes.count {
                let count = Glibc.write(file, start + written, bytes.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
        var error: FileStoreError? = !wrote ? .errno("write \(temporary.path)")
            : fsync(file) != 0 ? .errno("flush \(temporary.path)") : nil
        // A failed close can be a failed write (a network file system reports it there).
        if close(file) != 0 && error == nil { error = .errno("close \(temporary.path)") }
        if let error {
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let error = FileStoreError.errno("rename to \(url.path)")
            unlink(temporary.path)
            throw error
        }
        // The rename is durable once the folder's entry is on disk.
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw FileStoreError.errno("open \(folder.path) to flush it") }
        defer { close(directory) }
        guard fsync(directory) == 0 else { throw FileStoreError.errno("flush \(folder.path)") }
    }
}

/// Why a file store could not read or write, in English for the log.
struct FileStoreError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
    /// `what` failed with the C library's `errno`.
    static func errno(_ what: String) -> FileStoreError {
        FileStoreError("\(what): \(String(cString: strerror(Glibc.errno)))")
    }
}
