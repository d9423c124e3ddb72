/// Runs work somewhere: now, on a queue, on the GTK main loop, on virtual time.
///
/// Schedulers used by operators must be serial: actions run one at a time, in the order scheduled.
public protocol Scheduler: AnyObject, Sendable {
    /// Runs `action` as soon as possible. Disposing the result before it runs cancels it.
    @discardableResult
    func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)?
}

/// A scheduler that also knows the time and can run work later: what timing operators need.
public protocol DateScheduler: Scheduler {
    /// The scheduler's current time.
    var now: SchedulerInstant { get }

    /// Runs `action` at `instant` (at once if it has passed). Disposing the result cancels it.
    @discardableResult
    func schedule(at instant: SchedulerInstant, _ action: @escaping @Sendable () -> Void) -> (any Disposable)?

    /// Runs `action` at `instant`, then every `interval`, until the result is disposed.
    @discardableResult
    func schedule(
        at instant: SchedulerInstant, repeatingEvery interval: Duration, _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)?
}

extension DateScheduler {
    /// Runs `action` once `delay` has passed.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        schedule(at: now.advanced(by: delay), action)
    }

    /// Repeats `action` at `instant` and then every `interval`, by rescheduling itself: a default
    /// for schedulers without native repeating timers.
    public func scheduleRepeating(
        at instant: SchedulerInstant, every interval: Duration, _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        let serial = SerialDisposable()
        let step = LockedState<(@Sendable (SchedulerInstant) -> Void)?>(nil)
        // Holds the scheduler strongly (no weak reference, whose side table the leak sanitizer
        // cannot see through); the cycle through `step` is broken when the result is disposed.
        let tick: @Sendable (SchedulerInstant) -> Void = { when in
            guard !serial.isDisposed else { return }
            serial.inner = self.schedule(at: when) {
                action()
                step.withLock { $0 }?(when.advanced(by: interval))
            }
        }
        step.withLock { $0 = tick }
        serial.inner = nil
        tick(instant)
        return AnyDisposable {
            serial.dispose()
            step.withLock { $0 = nil }
        }
    }
}

/// A point in a scheduler's time, in nanoseconds from an origin the scheduler chooses.
public struct SchedulerInstant: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the scheduler's origin.
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The scheduler's origin (virtual time starts here).
    public static let zero = SchedulerInstant(nanoseconds: 0)

    /// This instant moved by `duration`.
    public func advanced(by duration: Duration) -> SchedulerInstant {
        SchedulerInstant(nanoseconds: nanoseconds &+ duration.nanoseconds)
    }

    /// The time from this instant to `other`.
    public func duration(to other: SchedulerInstant) -> Duration {
        .nanoseconds(other.nanoseconds &- nanoseconds)
    }

    public static func < (lhs: SchedulerInstant, rhs: SchedulerInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public static func + (lhs: SchedulerInstant, rhs: Duration) -> SchedulerInstant { lhs.advanced(by: rhs) }

    public var description: String { "\(Double(nanoseconds) / 1e9)s" }
}

extension Duration {
    /// The duration in whole nanoseconds (saturating).
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return scaled &+ attoseconds / 1_000_000_000
    }
}

/// Runs actions at once, on the calling thread.
public final class ImmediateScheduler: Scheduler {
    public init() {}

    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        action()
        return nil
    }
}
