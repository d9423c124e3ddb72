import Reactive
import Synchronization

/// Records what a signal or producer sends, with the virtual time each event came at, for a
/// test to compare in one line (RxTest's `next(210, 1)`): `#expect(recorder.values == [1, 2])`,
/// `#expect(recorder.timedValues == [.init(.milliseconds(300), "a")])`.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let recorder = Recorder(model.results.producer, on: scheduler)
/// scheduler.advance(by: .milliseconds(300))
/// #expect(recorder.values == ["", "milk"])
/// ```
///
/// Thread-safe; it records until the stream ends or `stop()`. A library product of the
/// framework (`ReactiveTesting`), so an app's own test target depends on it.
public final class Recorder<Value: Sendable, Error: Swift.Error>: Sendable {
    /// A value and the virtual time it was sent at (since the scheduler's origin).
    public struct Timed: Sendable {
        public let time: Duration
        public let value: Value
        public init(_ time: Duration, _ value: Value) {
            self.time = time
            self.value = value
        }
    }

    private struct State {
        var events: [(time: Duration, event: Event<Value, Error>)] = []
    }

    /// The events, behind a lock, in a class so the observers can hold it.
    private final class Storage: Sendable {
        let state = Mutex(State())
        func append(_ time: Duration, _ event: Event<Value, Error>) { state.withLock { $0.events.append((time, event)) } }
    }

    private let storage = Storage()
    private let subscription = SerialDisposable()
    private let clock: (@Sendable () -> Duration)

    /// Starts `producer` and records it, timed by `scheduler`'s clock (zero without one).
    public init(_ producer: SignalProducer<Value, Error>, on scheduler: TestScheduler? = nil) {
        clock = Self.clock(of: scheduler)
        subscription.inner = producer.start(Signal<Value, Error>.Observer { [storage, clock] event in
            storage.append(clock(), event)
        })
    }

    /// Records what `signal` sends from now on, timed by `scheduler`'s clock.
    public init(_ signal: Signal<Value, Error>, on scheduler: TestScheduler? = nil) {
        clock = Self.clock(of: scheduler)
        subscription.inner = signal.observe { [storage, clock] event in
            storage.append(clock(), event)
        }
    }

    private static func clock(of scheduler: TestScheduler?) -> @Sendable () -> Duration {
        guard let scheduler else { return { .zero } }
        return { SchedulerInstant.zero.duration(to: scheduler.now) }
    }

    /// The values, in order.
    public var values: [Value] { storage.state.withLock { $0.events.compactMap(\.event.value) } }
    /// The values with the time each came at.
    public var timedValues: [Timed] { storage.state.withLock { $0.events.compactMap { entry in entry.event.value.map { Timed(entry.time, $0) } } } }
    /// Every event, the terminal one included.
    public var events: [Event<Value, Error>] { storage.state.withLock { $0.events.map(\.event) } }
    /// Whether the stream completed.
    public var isCompleted: Bool { storage.state.withLock { $0.events.last?.event.isCompleted ?? false } }
    /// The error it failed with, if it did.
    public var error: Error? { storage.state.withLock { $0.events.last?.event.error } }
    /// Whether it ended (completed, failed or was interrupted).
    public var hasEnded: Bool { storage.state.withLock { $0.events.last?.event.isTerminating ?? false } }

    /// Stops recording (a producer's run is disposed, so it is interrupted).
    public func stop() { subscription.dispose() }

    deinit { subscription.dispose() }
}

extension Recorder.Timed: Equatable where Value: Equatable {}

extension SignalProducer {
    /// Starts the producer and records what it sends (see `Recorder`).
    public func recorded(on scheduler: TestScheduler? = nil) -> Recorder<Value, Error> {
        Recorder(self, on: scheduler)
    }
}

extension Signal {
    /// Records what the signal sends from now on (see `Recorder`).
    public func recorded(on scheduler: TestScheduler? = nil) -> Recorder<Value, Error> {
        Recorder(self, on: scheduler)
    }
}
