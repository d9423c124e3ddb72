import Synchronization

/// Runs work items one at a time, in the order they were given, from whichever threads give
/// them: the thread that finds it idle runs every item queued meanwhile, including those its
/// own items queue (so an observer that edits its source does not deadlock, it is served next).
/// The collection operators keep their state behind one, so a change set and a predicate
/// change never interleave.
@usableFromInline final class SerialDrain: Sendable {
    private struct State {
        var pending: [@Sendable () -> Void] = []
        var head = 0
        var isRunning = false
    }

    private let state = Mutex(State())

    @usableFromInline init() {}

    /// Runs `work` at once when no other thread is running items (without queueing it), then
    /// what was queued meanwhile; else queues it for that thread.
    @usableFromInline func run(_ work: @escaping @Sendable () -> Void) {
        let runsNow = state.withLock { state -> Bool in
            guard !state.isRunning else {
                state.pending.append(work)
                return false
            }
            state.isRunning = true
            return true
        }
        guard runsNow else { return }
        work()
        drain()
    }

    /// Queues `work` without running it: true when the caller must `drain()` (no other thread
    /// is running items). Lets a caller queue in order under a lock of its own and run after.
    @usableFromInline func enqueue(_ work: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state -> Bool in
            state.pending.append(work)
            guard !state.isRunning else { return false }
            state.isRunning = true
            return true
        }
    }

    /// Runs the queued items, and those they queue, until none is left. Only after `enqueue`
    /// said so.
    @usableFromInline func drain() {
        while let next = state.withLock({ state -> (@Sendable () -> Void)? in
            guard state.head < state.pending.count else {
                state.pending.removeAll(keepingCapacity: true)
                state.head = 0
                state.isRunning = false
                return nil
            }
            defer { state.head += 1 }
            return state.pending[state.head]
        }) {
            next()
        }
    }
}

/// State that only work run by one `SerialDrain` touches.
@usableFromInline final class DrainedState<Value>: @unchecked Sendable { // safe: read and written only inside its drain's items, which never overlap and are ordered by the drain's lock
    @usableFromInline @exclusivity(unchecked) var value: Value
    @inlinable init(_ value: Value) { self.value = value }
}
