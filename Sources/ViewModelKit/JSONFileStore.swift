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
        let kept = Self.asideName(for: url)
        guard rename(url.path, kept.path) == 0 else {
            writable.withLock { $0 = false }
            return .damaged(reason: reason, keptAt: nil)
        }
        return .damaged(reason: reason, keptAt: kept)
    }

    /// `<name>.damaged-<UTC time>` beside `url`, with a number after it if that is taken.
    private static func asideName(for url: URL) -> URL {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        let base = "\(url.lastPathComponent).damaged-\(formatter.string(from: Date()))"
        let folder = url.deletingLastPathComponent()
        var candidate = folder.appendingPathComponent(base)
        var number = 1
        while FileManager.default.fileExists(atPath: candidate.path) {
            number += 1
            candidate = folder.appendingPathComponent("\(base)-\(number)")
        }
        return candidate
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
        let error: FileStoreError? = !wrote ? .errno("write \(temporary.path)")
            : fsync(file) != 0 ? .errno("flush \(temporary.path)") : nil
        close(file)
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
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
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
