import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-byte lock for critical sections of a few instructions (a field read, an array append).
///
/// Uncontended it costs one compare-and-swap to take and one store to release, cheaper than a
/// `pthread_mutex_t` and with no allocation, so every signal and subscription can own one. Under
/// contention it spins briefly, then yields the processor, so a preempted holder is not starved.
/// It is not recursive: never call out to user code while holding it.
@usableFromInline
struct SpinLock: ~Copyable, Sendable {
    @usableFromInline let state = Atomic<Bool>(false)

    @inlinable init() {}

    @inlinable
    borrowing func lock() {
        if !state.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            lockContended()
        }
    }

    @inlinable
    borrowing func unlock() {
        state.store(false, ordering: .releasing)
    }

    @usableFromInline
    borrowing func lockContended() {
        var backoff = SpinBackoff()
        while true {
            if !state.load(ordering: .relaxed),
               state.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
                return
            }
            backoff.pause()
        }
    }
}

/// How a contended lock waits: it spins, and every 32 turns yields the processor, so a preempted
/// holder gets to run.
@usableFromInline
struct SpinBackoff {
    @usableFromInline var spins = 0

    @inlinable init() {}

    @inlinable
    mutating func pause() {
        spins += 1
        if spins >= 32 {
            sched_yield()
            spins = 0
        }
    }
}

/// The identity of the calling thread, used to recognise re-entrant calls on a delivering signal.
@inlinable
func currentThreadID() -> UInt {
    #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
    #else
    return UInt(pthread_self())
    #endif
}

/// The lock of a signal core, which also carries the core's delivery state, so that a delivery
/// that met no other work ends with one compare-and-swap instead of a second lock round trip.
///
/// Bits: `locked` (held; guards the core's fields), `delivering` (a thread owns the delivery),
/// `attention` (something waits for the delivering thread: queued events, retired observers,
/// kept snapshots), `detached` (an observer left during the running delivery, which must look
/// up the observers it has yet to reach before calling them). While `locked` is set only the holder changes the word, so the holder sets
/// and reads the other bits with plain atomic loads and stores.
@usableFromInline
struct RegistryLock: ~Copyable, Sendable {
    @usableFromInline let word = Atomic<UInt>(0)

    @inlinable static var locked: UInt { 1 }
    @inlinable static var delivering: UInt { 2 }
    @inlinable static var attention: UInt { 4 }
    @inlinable static var detached: UInt { 8 }

    @inlinable init() {}

    @inlinable
    borrowing func lock() {
        if !word.compareExchange(expected: 0, desired: Self.locked, ordering: .acquiring).exchanged {
            lockContended()
        }
    }

    @usableFromInline
    borrowing func lockContended() {
        var backoff = SpinBackoff()
        while true {
            let current = word.load(ordering: .relaxed)
            if current & Self.locked == 0,
               word.compareExchange(expected: current, desired: current | Self.locked, ordering: .acquiring).exchanged {
                return
            }
            backoff.pause()
        }
    }

    @inlinable
    borrowing func unlock() {
        word.store(word.load(ordering: .relaxed) & ~Self.locked, ordering: .releasing)
    }

    /// Takes the lock of an idle core (unlocked, not delivering, nothing waiting) in one step.
    @inlinable
    borrowing func tryLockIdle() -> Bool {
        word.compareExchange(expected: 0, desired: Self.locked, ordering: .acquiring).exchanged
    }

    /// Gives back a lock taken with `tryLockIdle`, now owning the delivery.
    @inlinable
    borrowing func unlockDelivering() {
        word.store(Self.delivering, ordering: .releasing)
    }

    /// Whether a thread owns the delivery. Read and set only while holding the lock.
    @inlinable
    borrowing func isDelivering() -> Bool { word.load(ordering: .relaxed) & Self.delivering != 0 }

    @inlinable
    borrowing func setDelivering(_ delivering: Bool) {
        let current = word.load(ordering: .relaxed)
        word.store(delivering ? current | Self.delivering : current & ~Self.delivering, ordering: .relaxed)
    }

    /// Marks work for the delivering thread (call while holding the lock).
    @inlinable
    borrowing func setAttention(_ attention: Bool) {
        let current = word.load(ordering: .relaxed)
        word.store(attention ? current | Self.attention : current & ~Self.attention, ordering: .relaxed)
    }

    /// Marks that an observer left during the running delivery (call while holding the lock).
    @inlinable
    borrowing func setDetached(_ detached: Bool) {
        let current = word.load(ordering: .relaxed)
        word.store(detached ? current | Self.detached : current & ~Self.detached, ordering: .relaxed)
    }

    /// Whether an observer left since the running delivery took its snapshot: read by the
    /// delivering thread without the lock, once per observer it calls.
    @inlinable
    borrowing func hasDetached() -> Bool { word.load(ordering: .relaxed) & Self.detached != 0 }

    /// Ends a delivery that nothing else needs to follow up (not locked, no attention): returns
    /// false when the caller must take the lock and look.
    @inlinable
    borrowing func tryEndDelivering() -> Bool {
        word.compareExchange(expected: Self.delivering, desired: 0, ordering: .acquiringAndReleasing).exchanged
    }
}
