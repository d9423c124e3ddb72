import CGtk
import Foundation
import Synchronization

/// The GLib log writer of a test run: it prints every message as GLib would and, on a CRITICAL
/// (a failed `g_return_if_fail` in GLib, GTK or libadwaita, such as a call on a freed widget),
/// aborts the process, so a critical fails the run whatever `G_DEBUG` says. The test command also
/// sets `G_DEBUG=fatal-criticals`, but GLib stops with a SIGTRAP, which Swift's crash backtracer
/// catches and can return from (a GoodsDesk process once printed a critical under it and exited
/// 0); `abort()` ends the process even when a SIGABRT handler returns. Inside `expecting(_:)` criticals on the calling thread
/// are counted instead, and not printed. At file scope, so it is isolated to no actor: GLib calls
/// it on whatever thread logs (dconf's worker among them).
private let criticalWriter: @convention(c) (GLogLevelFlags, UnsafePointer<GLogField>?, gsize, gpointer?) -> GLogWriterOutput = { level, fields, count, _ in
    guard level.rawValue & G_LOG_LEVEL_CRITICAL.rawValue != 0 else { return g_log_writer_default(level, fields, count, nil) }
    GLibCriticals.seen.add(1, ordering: .relaxed)
    // Expected: counted, not printed, so a run's log holds only the criticals that matter.
    if GLibCriticals.expectingThread.load(ordering: .acquiring) == UInt(pthread_self()) { return G_LOG_WRITER_HANDLED }
    _ = g_log_writer_default(level, fields, count, nil)
    FileHandle.standardError.write(Data("GtkTestSupport: a GLib critical fails the test run (see the line above); aborting.\n".utf8))
    abort()
}

/// GLib criticals in tests: `install()` makes any critical abort the run; `seen` counts them.
public enum GLibCriticals {
    /// Every critical logged since `install()`, expected ones included.
    public static let seen = Atomic<Int>(0)
    /// The thread inside `expecting(_:)`, or 0.
    static let expectingThread = Atomic<UInt>(0)

    @MainActor private static var installed = false

    /// Installs the writer (GLib allows one per process, so once; `startGTK()` calls it).
    @MainActor
    public static func install() {
        guard !installed else { return }
        installed = true
        g_log_set_writer_func(criticalWriter, nil, nil)
    }

    /// Runs `body`, in which criticals logged on this thread are expected: counted, not printed,
    /// neither fatal to GLib (`G_DEBUG=fatal-criticals`) nor to the writer. Returns how many
    /// there were. For a test that proves the writer sees criticals; never to hide one.
    @MainActor
    public static func expecting(_ body: () -> Void) -> Int {
        install()
        let before = seen.load(ordering: .relaxed)
        // Only what GLib always aborts on (errors, recursion) stays fatal meanwhile.
        let fatal = g_log_set_always_fatal(GLogLevelFlags(rawValue: G_LOG_FLAG_RECURSION.rawValue | G_LOG_LEVEL_ERROR.rawValue))
        expectingThread.store(UInt(pthread_self()), ordering: .releasing)
        body()
        expectingThread.store(0, ordering: .releasing)
        g_log_set_always_fatal(fatal)
        return seen.load(ordering: .relaxed) - before
    }
}
