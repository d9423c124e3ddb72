// mainloop-probe: a test helper. Hosts the Dispatch main queue in a GLib main loop on the
// process's main thread, exactly as goodsdesk does, and checks that main-queue work, main-actor
// tasks and Task.sleep all run there, on time, with nothing polling. Exit status 0 on success.
import CGtk
import Dispatch
import Foundation
import GtkShim

let loopThread = pthread_self()
grshim_attach_main_queue()
let loop = g_main_loop_new(nil, 0)
// If the queue is never drained here, fail rather than hang.
g_timeout_add(5_000, { _ in exit(3) }, nil)
let start = g_get_monotonic_time()

/// The loop, for the callbacks that quit it; only touched on this thread.
struct LoopHandle: @unchecked Sendable { // safe: used on the main thread only
    let loop: OpaquePointer?
}
let handle = LoopHandle(loop: loop)

DispatchQueue.main.async {
    guard pthread_equal(pthread_self(), loopThread) != 0 else { exit(4) }
    Task { @MainActor in
        try? await Task.sleep(for: .milliseconds(50))
        guard pthread_equal(pthread_self(), loopThread) != 0 else { exit(5) }
        let elapsed = g_get_monotonic_time() - start
        guard elapsed >= 50_000, elapsed < 2_000_000 else { exit(6) }
        g_main_loop_quit(handle.loop)
    }
}
g_main_loop_run(loop)
exit(0)
