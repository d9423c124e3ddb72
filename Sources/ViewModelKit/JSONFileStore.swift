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
    /// Why a save failed, on `io`'s thread.
    public let failures: Signal<FileStoreError, Never>
    private let failed: Signal<FileStoreError, Never>.Observer
    private let io: any Scheduler
    /// False once a damaged file could not be moved aside: the store then never writes over it.
    private let writable = Mutex(true)

    /// A store of `url`, whose reads and writes run on `io` (a serial queue of its own by
    /// default; a `TestScheduler` in tests, so they run when the test advances it).
    public init(url: URL, io: any Scheduler = QueueScheduler(name: "json-file-store"), maximumBytes: Int = 16 << 20) {
        self.url = url
        self.io = io
        self.maximumBytes = maximumBytes
        (failures, failed) = Signal<FileStoreError, Never>.pipe()
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
            guard writable.withLock({ $0 }) else { return failed.send(value: .keptNotWrittenOver(path: url.path)) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            guard let data = try? encoder.encode(value) else { return failed.send(value: .notEncodable(path: url.path)) }
            do throws(FileStoreError) {
                try Self.write(data, to: url)
            } catch {
                failed.send(value: error)
            }
        }
    }

    private func read() -> StoredFile<Value> {
        guard FileManager.default.fileExists(atPath: url.path) else { return .missing }
        let reason: FileStoreError
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        if size > maximumBytes {
            reason = .tooLarge(path: url.path, bytes: size, limit: maximumBytes)
        } else if let data = try? Data(contentsOf: url) {
            do {
                return .loaded(try JSONDecoder().decode(Value.self, from: data))
            } catch let error as DecodingError {
                reason = .notValid(path: url.path, codingPath: Self.codingPath(of: error))
            } catch {
                reason = .notValid(path: url.path, codingPath: "")
            }
        } else {
            reason = .unreadable(path: url.path)
        }
        guard let kept = Self.moveAside(url) else {
            writable.withLock { $0 = false }
            return .damaged(reason: reason, keptAt: nil)
        }
        return .damaged(reason: reason, keptAt: kept)
    }

    /// Where in the file a decoding error is (`todos[3].id`), for the log.
    private static func codingPath(of error: DecodingError) -> String {
        let context: DecodingError.Context? = switch error {
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .keyNotFound(_, context), let .dataCorrupted(context): context
        @unknown default: nil
        }
        return (context?.codingPath ?? []).map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
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
    static func write(_ data: Data, to url: URL) throws(FileStoreError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateFolder(path: folder.path)
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        let file = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw .system(.create, path: temporary.path, code: errno) }
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
        var error: FileStoreError? = !wrote ? .system(.write, path: temporary.path, code: errno)
            : fsync(file) != 0 ? .system(.flush, path: temporary.path, code: errno) : nil
        // A failed close can be a failed write (a network file system reports it there).
        if close(file) != 0 && error == nil { error = .system(.close, path: temporary.path, code: errno) }
        if let error {
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let error = FileStoreError.system(.rename, path: url.path, code: errno)
            unlink(temporary.path)
            throw error
        }
        // The rename is durable once the folder's entry is on disk.
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw .system(.open, path: folder.path, code: errno) }
        defer { close(directory) }
        guard fsync(directory) == 0 else { throw .system(.flush, path: folder.path, code: errno) }
    }
}

/// Why a file store could not read a file or write one: typed, so an app words it for its user
/// as it likes (the todo example says only that the file was kept); `description` is English
/// for the log.
public enum FileStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call on a file or folder, with the C library's `errno`.
    public enum Operation: String, Sendable {
        case create, write, flush, close, rename, open
    }

    /// A file larger than the store reads.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// A file that could not be read at all.
    case unreadable(path: String)
    /// A file that is not a valid value (not JSON, or out of the value's range), and where.
    case notValid(path: String, codingPath: String)
    /// The value could not be encoded.
    case notEncodable(path: String)
    /// The folder for the file could not be made.
    case cannotCreateFolder(path: String)
    /// `operation` on `path` failed with `code`.
    case system(Operation, path: String, code: Int32)
    /// A damaged file could not be moved aside, so the store never writes over it.
    case keptNotWrittenOver(path: String)

    public var description: String {
        switch self {
        case let .tooLarge(path, bytes, limit): "\(path): \(bytes) bytes, more than \(limit)"
        case let .unreadable(path): "\(path) cannot be read"
        case let .notValid(path, codingPath): "\(path) is not a valid file\(codingPath.isEmpty ? "" : " (at \(codingPath))")"
        case let .notEncodable(path): "the value for \(path) cannot be encoded"
        case let .cannotCreateFolder(path): "cannot create the folder \(path)"
        case let .system(operation, path, code): "\(operation.rawValue) \(path): \(String(cString: strerror(code)))"
        case let .keptNotWrittenOver(path): "\(path) is damaged and was kept: not written over"
        }
    }
}
