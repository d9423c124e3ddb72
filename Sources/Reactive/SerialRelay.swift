/// Funnels events from several inputs or threads into one observer, one at a time and in the
/// order they were committed: the output stage of every multi-input operator.
///
/// The same queueing rules as `SignalCore` (a send during a delivery is queued and delivered by
/// the delivering thread, so nothing blocks or deadlocks), without the observer bag: a relay has
/// exactly one observer, fixed at creation.
@usableFromInline
final class SerialRelay<Value: Sendable, Error: Swift.Error>: @unchecked Sendable { // safe: every `var` is guarded by `lock`
    // Every `var` is guarded by `lock`; `receive` is only ever called with `lock` released.
    @usableFromInline let lock = SpinLock()
    @usableFromInline let receive: @Sendable (Event<Value, Error>) -> Void
    @usableFromInline @exclusivity(unchecked) var isDelivering = false
    @usableFromInline @exclusivity(unchecked) var isTerminated = false
    @usableFromInline @exclusivity(unchecked) var pending: ContiguousArray<Event<Value, Error>> = []

    @inlinable
    init(_ downstream: Signal<Value, Error>.Observer) {
        receive = downstream.action
    }

    /// Sends `event` now, or queues it behind the delivery in progress.
    @inlinable
    func send(_ event: Event<Value, Error>) {
        lock.lock()
        let owned = commitLocked(event)
        lock.unlock()
        if owned { deliver(event) }
    }

    /// Commits `event` in order while the caller holds `lock` (so it can update its own state in
    /// the same critical section). Returns true when the caller must `deliver(event)` after
    /// unlocking; false when it was queued for the delivering thread or dropped after the end.
    @inlinable
    func commitLocked(_ event: Event<Value, Error>) -> Bool {
        if isTerminated { return false }
        if event.isTerminating { isTerminated = true }
        if isDelivering {
            pending.append(event)
            return false
        }
        isDelivering = true
        return true
    }

    /// Sends `interrupted` unless the relay has already ended; returns whether it was sent.
    @inlinable
    func interrupt() -> Bool {
        lock.lock()
        let ended = isTerminated
        let owned = !ended && commitLocked(.interrupted)
        lock.unlock()
        if owned { deliver(.interrupted) }
        return !ended
    }

    /// `commitLocked` for callers that order events under their own lock: returns the event when
    /// this thread must `perform` it after releasing every lock, `nil` otherwise.
    @inlinable
    func enqueueLocked(_ event: Event<Value, Error>) -> Event<Value, Error>? {
        commitLocked(event) ? event : nil
    }

    /// `enqueueLocked`, taking the relay's lock itself.
    @inlinable
    func enqueue(_ event: Event<Value, Error>) -> Event<Value, Error>? {
        lock.lock()
        defer { lock.unlock() }
        return enqueueLocked(event)
    }

    /// Delivers an owned event, if any (see `enqueue`). Call with no lock held.
    @inlinable
    func perform(_ owned: Event<Value, Error>?) {
        if let owned { deliver(owned) }
    }

    /// Delivers an event `commitLocked` handed back, then everything queued meanwhile.
    @inlinable
    func deliver(_ event: Event<Value, Error>) {
        receive(event)
        lock.lock()
        if pending.isEmpty {
            isDelivering = false
            lock.unlock()
            return
        }
        lock.unlock()
        drainPending()
    }

    @inlinable
    func drainPending() {
        var index = 0
        lock.lock()
        while index < pending.count {
            let event = pending[index]
            index += 1
            lock.unlock()
            receive(event)
            lock.lock()
        }
        pending.removeAll(keepingCapacity: pending.capacity <= 64)
        isDelivering = false
        lock.unlock()
    }
}
