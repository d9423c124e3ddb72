import CGtk

/// Wakes a blocking `g_main_context_iteration` every few milliseconds, so a condition that turns
/// true off the loop (on another thread, in a server's log) is seen soon after.
private let wake: @convention(c) (gpointer?) -> gboolean = { _ in 1 } // G_SOURCE_CONTINUE

/// Runs the GLib main loop until `done` is true or `timeout` has passed; whether `done` came
/// true. The one way tests wait for GTK (a frame, a signal, a binding, a fetch on the loop).
@MainActor
@discardableResult
public func pumpMainLoop(timeout: Duration = .seconds(3), until done: () -> Bool) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    let waker = g_timeout_add(5, wake, nil)
    defer { g_source_remove(waker) }
    while !done() && clock.now < deadline { g_main_context_iteration(nil, 1) }
    return done()
}

/// Runs the GLib main loop for `duration` (for updates that should *not* come, or to let pending
/// ones land); with `.zero`, only what is ready now.
@MainActor
public func pumpMainLoop(for duration: Duration) {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: duration)
    repeat {
        var ready = 0
        while g_main_context_iteration(nil, 0) != 0 && ready < 1_000 { ready += 1 }
        if clock.now < end { g_usleep(2_000) }
    } while clock.now < end
}

/// As `pumpMainLoop(timeout:until:)`, for async tests whose awaited work runs on the main actor:
/// between passes over the loop it suspends, so the main actor's queued jobs run too.
@MainActor
@discardableResult
public func pumpMainLoopYielding(timeout: Duration = .seconds(3), until done: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !done() && clock.now < deadline {
        while g_main_context_iteration(nil, 0) != 0 {}
        try? await Task.sleep(for: .milliseconds(5))
    }
    return done()
}
