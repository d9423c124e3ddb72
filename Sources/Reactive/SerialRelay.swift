import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Funnels events from several inputs or threads into one observer, one at a time and in the
/// order they were committed: the output stage of every multi-input operator, the source of a
/// producer's run (where disposal injects `interrupted`) and the end of a run started with an
/// observer.
///
/// The same queueing rules as `SignalCore` (a send during a delivery is queued and delivered by
/// the delivering thread, so nothing blocks or deadlocks), without the observer bag: a relay has
/// exactly one observer, fixed at creation and released after the terminal event.
///
/// All of its state is one atomic word, so an uncontended event costs two compare-and-swaps:
/// one claims the delivery, one gives it back. The lock bit guards only `pending`, and is taken
/// only when a send meets a delivery in progress.
@usableFromInline
final class SerialRelay<Value: Sendable, Error: Swift.Error>: Disposable, @unchecked Sendable { // safe: see below
    // `pending` is guarded by the `locked` bit of `state`. `receiver` is read and cleared only by
    // the thread that owns the delivery (the `busy` bit), so never by two threads at once.
    @usableFromInline let state = Atomic<UInt>(0)
    /// The observer, retained by hand (released after the terminal event, or with the relay):
    /// each event calls its immutable `action` through a borrowed reference, retaining nothing.
    @usableFromInline @exclusivity(unchecked) var receiver: Unmanaged<Signal<Value, Error>.Observer>?
    @usableFromInline @exclusivity(unchecked) var pending: ContiguousArray<Event<Value, Error>> = []
    /// For a run: ended once the terminal event has been delivered, and how it is disposed.
    @usableFromInline let lifetime: Lifetime?
    @usableFromInline let disposed = Atomic<Bool>(false)

    @inlinable static var locked: UInt { 1 }
    @inlinable static var busy: UInt { 2 }
    @inlinable static var queued: UInt { 4 }
    @inlinable static var ended: UInt { 8 }

    @inlinable
    init(_ downstream: Signal<Value, Error>.Observer) {
        receiver = Unmanaged.passRetained(downstream)
        lifetime = nil
    }

    /// The final stage of a run: delivers to `observer`, ends `lifetime` after the terminal
    /// event, and interrupts the run when disposed.
    @inlinable
    init(run observer: Signal<Value, Error>.Observer, lifetime: Lifetime) {
        receiver = Unmanaged.passRetained(observer)
        self.lifetime = lifetime
        // A run is a subscription, as `ReactiveDebug.liveSubscriptions` counts them.
        liveSubscriptionCounter.add(1, ordering: .relaxed)
    }

    deinit {
        receiver?.release()
        if lifetime != nil { liveSubscriptionCounter.subtract(1, ordering: .relaxed) }
    }

    // MARK: The lock bit

    /// Takes the lock bit; returns the other bits, which only the holder may change until
    /// `unlockState` stores them back.
    @inlinable
    func lockState() -> UInt {
        let (exchanged, original) = state.compareExchange(
            expected: 0, desired: Self.locked, ordering: .acquiringAndReleasing)
        return exchanged ? 0 : lockStateContended(original)
    }

    @usableFromInline
    func lockStateContended(_ seen: UInt) -> UInt {
        var current = seen
        var backoff = SpinBackoff()
        while true {
            if current & Self.locked == 0 {
                let (exchanged, original) = state.compareExchange(
                    expected: current, desired: current | Self.locked, ordering: .acquiringAndReleasing)
                if exchanged { return current }
                current = original
                continue
            }
            backoff.pause()
            current = state.load(ordering: .relaxed)
        }
    }

    @inlinable
    func unlockState(_ bits: UInt) {
        state.store(bits & ~Self.locked, ordering: .releasing)
    }

    // MARK: Sending

    /// Sends `event` now, or queues it behind the delivery in progress.
    @inlinable
    func send(_ event: Event<Value, Error>) {
        let claim = event.isTerminating ? Self.busy | Self.ended : Self.busy
        if state.compareExchange(expected: 0, desired: claim, ordering: .acquiringAndReleasing).exchanged {
            deliver(event)
        } else {
            sendContended(event)
        }
    }

    @usableFromInline
    func sendContended(_ event: Event<Value, Error>) {
        var bits = lockState()
        let owned = enqueueLocked(event, &bits)
        unlockState(bits)
        perform(owned)
    }

    /// Commits `event` in order while the caller holds the lock bit (so it can update its own
    /// state in the same critical section). Returns the event when the caller must `perform` it
    /// after unlocking; `nil` when it was queued for the delivering thread or dropped after the end.
    @inlinable
    func enqueueLocked(_ event: Event<Value, Error>, _ bits: inout UInt) -> Event<Value, Error>? {
        if bits & Self.ended != 0 { return nil }
        if event.isTerminating { bits |= Self.ended }
        if bits & Self.busy != 0 {
            pending.append(event)
            bits |= Self.queued
            return nil
        }
        bits |= Self.busy
        return event
    }

    /// `enqueueLocked`, taking the lock itself (or claiming an idle relay with one step).
    @inlinable
    func enqueue(_ event: Event<Value, Error>) -> Event<Value, Error>? {
        let claim = event.isTerminating ? Self.busy | Self.ended : Self.busy
        if state.compareExchange(expected: 0, desired: claim, ordering: .acquiringAndReleasing).exchanged {
            return event
        }
        var bits = lockState()
        let owned = enqueueLocked(event, &bits)
        unlockState(bits)
        return owned
    }

    /// Sends `interrupted` unless the relay has already ended; returns whether it was sent.
    @inlinable
    func interrupt() -> Bool {
        var bits = lockState()
        if bits & Self.ended != 0 {
            unlockState(bits)
            return false
        }
        let owned = enqueueLocked(.interrupted, &bits)
        unlockState(bits)
        perform(owned)
        return true
    }

    /// Delivers an owned event, if any (see `enqueue`). Call with no lock held.
    @inlinable
    func perform(_ owned: Event<Value, Error>?) {
        if let owned { deliver(owned) }
    }

    /// Delivers an event this thread owns, then everything queued meanwhile.
    @inlinable
    func deliver(_ event: Event<Value, Error>) {
        let terminating = event.isTerminating
        deliverOne(event)
        // Give the delivery back in one step unless something was queued meanwhile.
        let held = terminating ? Self.busy | Self.ended : Self.busy
        if !state.compareExchange(
            expected: held, desired: held & Self.ended, ordering: .acquiringAndReleasing
        ).exchanged {
            drainPending()
        }
    }

    @inlinable
    func deliverOne(_ event: Event<Value, Error>) {
        guard let receiver else { return }
        receiver._withUnsafeGuaranteedRef { $0.action(event) }
        if event.isTerminating {
            self.receiver = nil
            receiver.release()
            lifetime?.end()
        }
    }

    @usableFromInline
    func drainPending() {
        while true {
            var bits = lockState()
            if pending.isEmpty {
                bits &= ~(Self.busy | Self.queued)
                unlockState(bits)
                return
            }
            var batch = ContiguousArray<Event<Value, Error>>()
            swap(&batch, &pending)
            bits &= ~Self.queued
            unlockState(bits)
            for event in batch { deliverOne(event) }
        }
    }

    // MARK: Disposable (a run)

    @inlinable
    var isDisposed: Bool {
        disposed.load(ordering: .acquiring) || state.load(ordering: .acquiring) & Self.ended != 0
    }

    /// Interrupts the run at its source (see `Lifetime`'s interrupter); a run whose source has
    /// not registered, or has already ended (its operators still running, such as a flatten
    /// with live inners), is interrupted here, at its end, which ends its lifetime.
    @usableFromInline
    func dispose() {
        // A run that has ended has nothing left to interrupt (and this path, reached through
        // `Disposable`, runs unspecialised: keep it to two atomic reads).
        if state.load(ordering: .acquiring) & Self.ended != 0 { return }
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if let interrupt = lifetime?.takeInterrupter(), interrupt() { return }
        send(.interrupted)
    }
}
