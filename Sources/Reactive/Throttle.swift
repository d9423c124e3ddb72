/// The bookkeeping of throttling, shared by the `throttle` operator and by gates built on it
/// (a view model's `throttleWhileInactive`): at most one value per interval, the first at once,
/// the latest when the interval ends. Thread-safe; the caller sends what it is told to and runs
/// the timer it is asked for.
public final class Throttle<Value: Sendable>: Sendable {
    /// What to do with an offered value.
    public enum Decision: Sendable {
        /// Send it now.
        case send
        /// It is held as the pending value; a timer is already due.
        case hold
        /// It is held; schedule `fire` at `instant` and hand the timer to `setTimer(_:ticket:)`.
        case holdAndSchedule(at: SchedulerInstant, ticket: Int)
    }

    private struct State {
        var lastSent: SchedulerInstant?
        var pending: Value?
        var timer: (any Disposable)?
        var isTimerDue = false
        /// Changes whenever the due timer is spent, so a late `setTimer` is recognised.
        var ticket = 0
        var isCancelled = false
    }

    /// The shortest time between two values sent.
    public let interval: Duration
    private let state = LockedState(State())

    public init(interval: Duration) { self.interval = interval }

    /// Offers `value`, arriving at `now`.
    public func offer(_ value: Value, at now: SchedulerInstant) -> Decision {
        state.withLock { state in
            if !state.isTimerDue, state.lastSent.map({ $0.advanced(by: interval) <= now }) ?? true {
                state.lastSent = now
                return .send
            }
            state.pending = value
            guard !state.isTimerDue, let last = state.lastSent else { return .hold }
            state.isTimerDue = true
            return .holdAndSchedule(at: last.advanced(by: interval), ticket: state.ticket)
        }
    }

    /// Keeps the timer scheduled for `ticket` so `cancel` can stop it; one that already fired, or
    /// arrives after `cancel`, is disposed instead.
    public func setTimer(_ timer: (any Disposable)?, ticket: Int) {
        let stale = state.withLock { state -> Bool in
            guard !state.isCancelled, state.isTimerDue, state.ticket == ticket else { return true }
            state.timer = timer
            return false
        }
        if stale { timer?.dispose() }
    }

    /// The timer fired at `now`: the pending value to send, if any (it counts as sent now).
    public func fire(at now: SchedulerInstant) -> Value? {
        state.withLock { state in
            state.timer = nil
            state.isTimerDue = false
            state.ticket &+= 1
            guard let value = state.pending else { return nil }
            state.pending = nil
            state.lastSent = now
            return value
        }
    }

    /// Takes the pending value and stops the timer (on completion, or when a gate opens).
    public func takePending() -> Value? {
        let (value, timer) = state.withLock { state in
            defer {
                state.pending = nil
                state.timer = nil
                state.isTimerDue = false
                state.ticket &+= 1
            }
            return (state.pending, state.timer)
        }
        timer?.dispose()
        return value
    }

    /// Stops the timer; nothing is scheduled any more.
    public func cancel() {
        let timer = state.withLock { state in
            state.isCancelled = true
            defer { state.timer = nil }
            return state.timer
        }
        timer?.dispose()
    }
}
