import Foundation

/// Decides whether a plugin's files may be trusted before anything of them is read or loaded:
/// a plugin runs with the user's rights, so its files must be ones only the user (or root) could
/// have put there.
///
/// A manifest or library must be a regular file (no FIFO, device or folder) owned by the user
/// or root and writable by neither its group nor others, and every folder from it up to `/` —
/// of its real path, after symbolic links are resolved — must be owned by the user or root and
/// writable by neither group nor others. A folder owned by root with the sticky bit (`/tmp`) is
/// accepted above the plugin's own folder: others may add entries there but cannot rename or
/// remove the user's.
public struct PluginTrust: Sendable {
    /// The user whose files are trusted besides root's.
    public let userID: uid_t

    /// Trusts the files of `userID` (the process's user by default) and of root.
    public init(userID: uid_t = getuid()) { self.userID = userID }

    /// Why the folder at `url` may not hold plugins (it or one of its parents is unsafe), or nil.
    public func problem(withFolder url: URL) -> String? {
        let real: String
        switch resolve(url.path) {
        case let .failure(reason): return reason.description
        case let .success(path): real = path
        }
        if let reason = problem(withDirectory: real, holdsPlugins: true, isSubject: true) { return reason }
        return problem(withParentsOf: real)
    }

    /// Why the file at `url` may not be used as a plugin's manifest or library, or nil: what it
    /// is, its owner, its mode, and its real folders up to `/`.
    public func problem(withFile url: URL) -> String? {
        let real: String
        switch resolve(url.path) {
        case let .failure(reason): return reason.description
        case let .success(path): real = path
        }
        var info = stat()
        guard stat(real, &info) == 0 else { return "cannot read its status: \(errorText())" }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else { return "it is \(Self.describe(kind)), not a regular file" }
        if let reason = problem(owner: info.st_uid, mode: info.st_mode, what: nil) { return reason }
        let folder = (real as NSString).deletingLastPathComponent
        if let reason = problem(withDirectory: folder, holdsPlugins: true, isSubject: false) { return reason }
        return problem(withParentsOf: folder)
    }

    /// The real path of `path` (every symbolic link resolved), or why there is none.
    private func resolve(_ path: String) -> Result<String, Refusal> {
        guard let resolved = realpath(path, nil) else { return .failure(Refusal("cannot resolve it: \(errorText())")) }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }

    /// Checks the folders above `path`, up to `/`.
    private func problem(withParentsOf path: String) -> String? {
        var folder = path
        while folder.hasPrefix("/") && folder != "/" {
            let parent = (folder as NSString).deletingLastPathComponent
            guard parent != folder else { break }
            folder = parent
            if let reason = problem(withDirectory: folder, holdsPlugins: false, isSubject: false) { return reason }
        }
        return nil
    }

    /// Checks one folder of a real path; `holdsPlugins` is the plugin's own folder, where a
    /// sticky, world-writable folder is no excuse; `isSubject` words the reason for the folder
    /// itself rather than for a file in it.
    private func problem(withDirectory path: String, holdsPlugins: Bool, isSubject: Bool) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return "cannot read the status of folder \(path): \(errorText())" }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFDIR else { return "\(path) is \(Self.describe(kind)), not a folder" }
        if !holdsPlugins, info.st_uid == 0, info.st_mode & S_ISVTX != 0 { return nil }
        return problem(owner: info.st_uid, mode: info.st_mode, what: isSubject ? nil : "its folder \(path)")
    }

    /// Why an entry with this owner and mode is unsafe; `what` names it, nil for the subject
    /// itself.
    private func problem(owner: uid_t, mode: mode_t, what: String?) -> String? {
        let subject = what.map { "\($0) is " } ?? ""
        if owner != userID && owner != 0 { return "\(subject)owned by user \(owner), neither you nor root" }
        if mode & S_IWOTH != 0 { return "\(subject)writable by other users" }
        if mode & S_IWGRP != 0 { return "\(subject)writable by its group" }
        return nil
    }

    static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        case S_IFREG: "a regular file"
        default: "of an unknown kind"
        }
    }
}

private struct Refusal: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func errorText() -> String { String(cString: strerror(errno)) }

/// Reads a small file without ever blocking on it: opened non-blocking (a FIFO opens at once
/// instead of waiting for a writer), then refused unless it is a regular file of at most
/// `limit` bytes.
enum SmallFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw Failure(description: "cannot open it: \(errorText())") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(description: "cannot read its status: \(errorText())") }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else { throw Failure(description: "it is \(PluginTrust.describe(kind)), not a regular file") }
        guard info.st_size <= limit else {
            throw Failure(description: "it is \(info.st_size) bytes, more than the \(limit) allowed")
        }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count <= limit {
            let read = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { Glibc.read(fd, $0 + count, limit + 1 - count) } ?? 0
            }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { throw Failure(description: "cannot read it: \(errorText())") }
            if read == 0 { break }
            count += read
        }
        guard count <= limit else { throw Failure(description: "it grew past the \(limit) bytes allowed while being read") }
        return Array(bytes[..<count])
    }
}
