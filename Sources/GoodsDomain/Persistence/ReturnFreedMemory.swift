#if canImport(Glibc)
import Glibc
#endif

/// Gives memory that bulk work freed back to the system.
///
/// glibc keeps freed heap pages for reuse, in each thread's arena; after an import (a page cache
/// of tens of megabytes, the decoder's buffers, on threads that then go idle) they stayed in the
/// process's RSS for its whole life: 30-40 MB after 100,000 goods. `malloc_trim` hands back the
/// free pages of every arena; cheap enough to call once after each such job. It is looked up at
/// run time because Swift's Glibc module does not export `<malloc.h>` (and other C libraries lack it).
enum ReturnFreedMemory {
    private typealias Trim = @convention(c) (Int) -> Int32

    private static let trim: Trim? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
        #else
        return nil
        #endif
    }()

    static func toTheSystem() {
        _ = trim?(0)
    }
}
