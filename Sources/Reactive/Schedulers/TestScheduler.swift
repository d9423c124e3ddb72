/// A scheduler on virtual time, for tests: nothing runs until the test advances the clock, so
/// timing code is tested exactly and instantly, with no sleeps.
///
/// Thread-safe and free of any main-thread assumption, so tests may use it from any thread and
/// run in parallel. Actions run on the thread that calls `advance` or `run`, in time order, and
/// in scheduling order among actions due at the same instant.
public final class TestScheduler: DateScheduler, @unchecked Sendable {
    // `clock`, `queue` and `sequence` are guarded by `lock`; actions run with it released.
    private let lock = SpinLock()
    private var clock: SchedulerInstant
    private var queue: [Entry] = []
    private var sequence = 0

    /// A scheduled action, and the disposable that cancels it. Cancelling releases the action
    /// at once, though the entry stays queued until the clock passes it: an action that
    /// captures its scheduler (a repeating timer does) would otherwise keep the scheduler, and
    /// everything the action holds, alive through the queue.
    private final class Entry: Disposable, @unchecked Sendable { // safe: `action` is guarded by `lock`
        let due: SchedulerInstant
        let order: Int
        private let lock = SpinLock()
        private var action: (@Sendable () -> Void)?
        init(due: SchedulerInstant, order: Int, action: @escaping @Sendable () -> Void) {
            self.due = due
            self.order = order
            self.action = action
        }
        func precedes(_ other: Entry) -> Bool {
            (due, order) < (other.due, other.order)
        }
        var isDisposed: Bool {
            lock.lock(); defer { lock.unlock() }
            return action == nil
        }
        func dispose() {
            lock.lock()
            let action = self.action
            self.action = nil
            lock.unlock()
            withExtendedLifetime(action) {}
        }
        /// Takes the action to run it (an entry runs once).
        func take() -> (@Sendable () -> Void)? {
            lock.lock(); defer { lock.unlock() }
            let action = self.action
            self.action = nil
            return action
        }
    }

    /// A scheduler whose clock starts at `start`.
    public init(startingAt start: SchedulerInstant = .zero) {
        clock = start
    }

    /// The virtual time now.
    public var now: SchedulerInstant {
        lock.lock(); defer { lock.unlock() }
        return clock
    }

    /// Actions scheduled and not yet run or cancelled.
    public var pendingCount: Int {
        lock.lock(); defer { lock.unlock() }
        return queue.filter { !$0.isDisposed }.count
    }

    /// Queues `action` at the current virtual time: it runs at the next `advance` or `run`.
    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        enqueue(at: nil, action)
    }

    @discardableResult
    public func schedule(at instant: SchedulerInstant, _ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        enqueue(at: instant, action)
    }

    @discardableResult
    public func schedule(
        at instant: SchedulerInstant, repeatingEvery interval: Duration, _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        scheduleRepeating(at: instant, every: max(interval, .nanoseconds(1)), action)
    }

    private func enqueue(at instant: SchedulerInstant?, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        lock.lock()
        defer { lock.unlock() }
        let due = Swift.max(instant ?? clock, clock)
        sequence += 1
        let entry = Entry(due: due, order: sequence, action: action)
        // Insert in order; queues in tests are short.
        let index = queue.firstIndex { entry.precedes($0) } ?? queue.endIndex
        queue.insert(entry, at: index)
        return entry
    }

    /// Moves the clock forward by `interval`, running every action due up to the new time.
    public func advance(by interval: Duration = .zero) {
        advance(to: now.advanced(by: interval))
    }

    /// Moves the clock to `instant`, running every action due by then (actions they schedule
    /// within the window run too).
    public func advance(to instant: SchedulerInstant) {
        while let action = nextDue(by: instant) {
            action()
        }
        lock.lock()
        if clock < instant { clock = instant }
        lock.unlock()
    }

    /// Runs every scheduled action, advancing the clock as far as needed, until none is left; the
    /// clock then rests at the last action's time. (ReactiveSwift's moves it to the far future,
    /// after which work scheduled "in a second" never comes due in a later `run()`: here `run()`
    /// can be called again and again, and `now` stays a time the code under test can use.)
    /// Repeating timers would never let it finish: use `advance` with them.
    public func run() {
        while let action = nextDue(by: nil) {
            action()
        }
    }

    /// Runs the one action due first (the clock moved to its time when that is later); false
    /// when none is scheduled. For a test that looks at the state between two actions (each
    /// write of a file, say), which `advance` and `run` run all at once.
    @discardableResult
    public func step() -> Bool {
        guard let action = nextDue(by: nil) else { return false }
        action()
        return true
    }

    /// The action of the next entry due by `limit`, taken out of the queue (cancelled entries
    /// are dropped on the way).
    private func nextDue(by limit: SchedulerInstant?) -> (@Sendable () -> Void)? {
        lock.lock()
        defer { lock.unlock() }
        while let first = queue.first {
            if first.isDisposed {
                queue.removeFirst()
                continue
            }
            if let limit, first.due > limit { return nil }
            queue.removeFirst()
            guard let action = first.take() else { continue }
            if clock < first.due { clock = first.due }
            return action
        }
        return nil
    }
}
