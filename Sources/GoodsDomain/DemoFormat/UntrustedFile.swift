import Foundation

/// Reads a file of a data set, which is untrusted input: only a regular file (a FIFO would block
/// the import for ever, `/dev/zero` would never end) of at most `limit` bytes.
enum UntrustedFile {
    /// The largest page or banner file read: a page of 20 goods is about 20 KB.
    static let limit = 64 * 1024 * 1024

    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    static func read(_ url: URL, limit: Int = limit) throws(Refusal) -> Data {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Refusal(description: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw Refusal(description: "not a regular file")
        }
        guard status.st_size <= limit else {
            throw Refusal(description: "\(status.st_size) bytes, more than the \(limit) a data file may have")
        }
        var data = Data(count: Int(status.st_size))
        let count = data.withUnsafeMutableBytes { buffer -> Int in
            var done = 0
            while done < buffer.count {
                let read = Foundation.read(descriptor, buffer.baseAddress?.advanced(by: done), buffer.count - done)
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else { break }
                done += read
            }
            return done
        }
        // A file that shrank while being read is taken as what was there.
        data.count = count
        return data
    }
}
