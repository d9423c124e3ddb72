import Dispatch

/// Runs actions on a serial Dispatch queue; timers use the queue's clock.
public final class QueueScheduler: DateScheduler {
    /// The queue actions run on.
    public let queue: DispatchQueue

    /// A scheduler on a new serial queue named `name`.
    public convenience init(name: String = "reactive.queue", qos: DispatchQoS = .default) {
        self.init(targeting: DispatchQueue(label: name, qos: qos))
    }

    /// A scheduler on `queue`, which must be serial.
    public init(targeting queue: DispatchQueue) {
        self.queue = queue
    }

    public var now: SchedulerInstant {
        SchedulerInstant(nanoseconds: Int64(clamping: DispatchTime.now().uptimeNanoseconds))
    }

    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        let cancelled = AnyDisposable()
        queue.async {
            if !cancelled.isDisposed { action() }
        }
        return cancelled
    }

    @discardableResult
    public func schedule(at instant: SchedulerInstant, _ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        let cancelled = AnyDisposable()
        let deadline = DispatchTime(uptimeNanoseconds: UInt64(max(0, instant.nanoseconds)))
        queue.asyncAfter(deadline: deadline) {
            if !cancelled.isDisposed { action() }
        }
        return cancelled
    }

    @discardableResult
    public func schedule(
        at instant: SchedulerInstant, repeatingEvery interval: Duration, _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let nanoseconds = max(1, interval.nanoseconds)
        timer.schedule(
            deadline: DispatchTime(uptimeNanoseconds: UInt64(max(0, instant.nanoseconds))),
            repeating: .nanoseconds(Int(clamping: nanoseconds)))
        timer.setEventHandler(handler: action)
        timer.resume()
        let handle = TimerHandle(timer)
        return AnyDisposable { handle.timer.cancel() }
    }
}

/// Carries a Dispatch timer into the disposal closure.
private struct TimerHandle: @unchecked Sendable {
    // DispatchSource objects are thread-safe; `cancel()` may be called from any thread.
    let timer: any DispatchSourceTimer
    init(_ timer: any DispatchSourceTimer) { self.timer = timer }
}
