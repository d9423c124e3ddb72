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
        var spins = 0
        while true {
            if !state.load(ordering: .relaxed),
               state.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
                return
            }
            spins += 1
            if spins >= 32 {
                sched_yield()
                spins = 0
            }
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
