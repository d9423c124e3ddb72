import Foundation

/// The lock file beside a database (`goodsdesk.sqlite.lock`): held with `flock` while a store
/// has the database open read-write, so two GoodsDesk processes never import into, move aside
/// or rebuild the same database, whatever D-Bus session each sits on. It also remembers whether
/// the last store closed cleanly, so the whole-file check runs only after a crash.
///
/// `flock` locks belong to the open file: the lock ends with the process, however it ends.
final class StoreLock {
    private let descriptor: Int32
    let path: String
    /// Whether the previous holder closed the store cleanly (false after a crash, or for a
    /// database no lock file has seen yet).
    let previousExitWasClean: Bool

    private static let clean = "clean\n"

    /// Takes the lock at `path`; nil when another process holds it. Throws when the lock file
    /// cannot be created (a read-only folder).
    static func acquire(at path: String) throws(LockFailure) -> StoreLock? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else { throw LockFailure(errno: errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw LockFailure(errno: EINVAL)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        let previous = count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : ""
        let lock = StoreLock(descriptor: descriptor, path: path, previousExitWasClean: previous == clean)
        lock.record("open \(getpid())\n")
        return lock
    }

    private init(descriptor: Int32, path: String, previousExitWasClean: Bool) {
        self.descriptor = descriptor
        self.path = path
        self.previousExitWasClean = previousExitWasClean
    }

    /// Notes that the store closed cleanly; the lock ends when this object goes.
    func markClean() { record(Self.clean) }

    private func record(_ text: String) {
        let bytes = Array(text.utf8)
        _ = ftruncate(descriptor, 0)
        _ = pwrite(descriptor, bytes, bytes.count, 0)
    }

    /// Unlocks before closing: a child process forked meanwhile elsewhere in the program holds a
    /// copy of the descriptor until it execs, and a plain close would leave the lock to that copy
    /// (the next open of the same data would find it in use).
    deinit {
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

/// Why the lock file could not be opened.
struct LockFailure: Error {
    let errno: Int32
    var isReadOnly: Bool { [EROFS, EACCES, EPERM].contains(errno) }
    var isDiskFull: Bool { errno == ENOSPC || errno == EDQUOT }
    var message: String { String(cString: strerror(errno)) }
}
