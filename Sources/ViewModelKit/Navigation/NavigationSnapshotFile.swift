import Foundation
import Reactive

/// Where a window's `NavigationSnapshot` is kept between runs: a small JSON file, read and written
/// off the main thread on a queue of its own. Each save replaces the file atomically (a new file
/// renamed over the old), so a crash or `kill -9` leaves the last whole snapshot, never half of
/// one. A file that is missing, unreadable, too large, of a newer version or not a snapshot reads
/// as nothing to restore; it is never deleted (the next save replaces it).
public final class NavigationSnapshotFile: Sendable {
    /// The file.
    public let url: URL
    private let queue: DispatchQueue
    private let log: @Sendable (String) -> Void

    /// The largest file read back.
    public static let maximumBytes = 256 * 1024

    /// - Parameter log: told, in a line, why a snapshot was not read or not written.
    public init(url: URL, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.url = url
        self.log = log
        queue = DispatchQueue(label: "navigation-snapshot", qos: .utility)
    }

    /// The saved snapshot, read on the file's queue; nil when there is none it can restore.
    public func load() -> SignalProducer<NavigationSnapshot?, Never> {
        let url = url
        let log = log
        return SignalProducer { observer, _ in
            observer.send(value: Self.read(url, log: log))
            observer.sendCompleted()
        }
        .start(on: QueueScheduler(targeting: queue))
    }

    /// Replaces the saved snapshot with `snapshot`, on the file's queue, after every save asked
    /// before it.
    public func save(_ snapshot: NavigationSnapshot) {
        let url = url
        let log = log
        queue.async { Self.write(snapshot, to: url, log: log) }
    }

    /// Waits until every save asked so far is written (tests; quitting).
    public func flush() {
        queue.sync {}
    }

    static func read(_ url: URL, log: @Sendable (String) -> Void) -> NavigationSnapshot? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
            guard data.count <= maximumBytes else {
                log("the saved navigation (\(url.path)) is larger than \(maximumBytes) bytes: not restored")
                return nil
            }
            let snapshot = try JSONDecoder().decode(NavigationSnapshot.self, from: data)
            guard snapshot.isRestorable else {
                log("the saved navigation (\(url.path)) is of another version or out of range: not restored")
                return nil
            }
            return snapshot
        } catch {
            log("the saved navigation (\(url.path)) could not be read: not restored")
            return nil
        }
    }

    static func write(_ snapshot: NavigationSnapshot, to url: URL, log: @Sendable (String) -> Void) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(snapshot).write(to: url, options: .atomic)
        } catch {
            log("the navigation could not be saved to \(url.path): \((error as NSError).localizedDescription)")
        }
    }
}
