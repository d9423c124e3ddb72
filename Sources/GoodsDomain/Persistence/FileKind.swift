import Foundation

/// What sits at a path, without following a final symlink to anything but a regular file.
enum FileKind: Equatable {
    case missing
    case regular
    /// A folder, FIFO, socket, device or dangling link: named for the message.
    case other(String)

    static func at(_ path: String) -> FileKind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT ? .missing : .other(String(cString: strerror(errno))) }
        if status.st_mode & S_IFMT == S_IFLNK {
            // A link to a regular file is used as that file; anything else it names is not.
            guard stat(path, &status) == 0 else { return .other("a symbolic link to nothing") }
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .other("a folder")
        case S_IFIFO: return .other("a FIFO")
        case S_IFSOCK: return .other("a socket")
        case S_IFCHR, S_IFBLK: return .other("a device")
        default: return .other("not a regular file")
        }
    }

    /// Whether the database at `path` has a WAL with frames in it: committed changes that are
    /// not in the main file yet (an empty or missing WAL holds nothing).
    static func walHoldsFrames(of path: String) -> Bool {
        var status = stat()
        return stat(path + "-wal", &status) == 0 && status.st_size > 0
    }
}

/// Times in file names: `20261201-101530` (local time), sortable and free of `:`.
enum Timestamp {
    static func fileName(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var fields = tm()
        localtime_r(&seconds, &fields)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y%m%d-%H%M%S", &fields)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
