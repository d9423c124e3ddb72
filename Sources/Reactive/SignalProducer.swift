import Synchronization

/// A cold stream: a recipe for work that runs anew each time it is started (a network request, a
/// database query, a timer), the seeds' "cold signal that only comes alive when subscribed".
///
/// Every `start` runs the start handler again with a fresh observer and lifetime. Disposing a
/// start interrupts it at its source: `interrupted` enters where the start handler sends, so it
/// passes through every operator of the run (`on(interrupted:)` runs, `observe(on:)` delivers it
/// on its scheduler) before it reaches the observer; then the lifetime ends, cancelling the work
/// registered on it.
public struct SignalProducer<Value: Sendable, Error: Swift.Error>: Sendable {
    public typealias Observer = Signal<Value, Error>.Observer

    /// Runs the work, sending into the observer it is given, which it may assume nothing about:
    /// for a producer made with `init(_:)` its handler behind a relay of its own (the source),
    /// for operators the transformed observer handed on towards such a source.
    @usableFromInline let startHandler: @Sendable (Observer, Lifetime) -> Void
    /// For a producer made with `init(_:)`: the handler itself. `start` runs it with the run's
    /// final relay as its source, so a producer started without operators serialises once.
    @usableFromInline let sourceHandler: (@Sendable (Observer, Lifetime) -> Void)?

    /// A producer that runs `startHandler` on every start. The handler sends through the observer
    /// and ties its resources to the lifetime, which ends when the run terminates or is disposed.
    ///
    /// The observer is the run's source: events sent after a terminal event are dropped, and
    /// disposing the run sends `interrupted` through it, serialised with what the handler sends.
    @inlinable
    public init(_ startHandler: @escaping @Sendable (Observer, Lifetime) -> Void) {
        self.startHandler = { downstream, lifetime in
            if lifetime.hasEnded { return }
            let source = SerialRelay(downstream)
            lifetime.setInterrupter { source.interrupt() }
            startHandler(Observer { source.send($0) }, lifetime)
        }
        self.sourceHandler = startHandler
    }

    /// A producer whose handler receives the downstream observer itself: for operators, which
    /// transform the observer of a run rather than being its source.
    @inlinable
    init(handler startHandler: @escaping @Sendable (Observer, Lifetime) -> Void, lifted: Void) {
        self.startHandler = startHandler
        self.sourceHandler = nil
    }

    /// A producer whose starts run a new `Signal.pipe()`: each start gets the signal's events
    /// from the moment it starts. Returns the producer and the input that sends on it.
    @inlinable
    public static func pipe() -> (producer: SignalProducer, input: Observer) {
        let (signal, input) = Signal<Value, Error>.pipe()
        return (SignalProducer(signal), input)
    }

    /// A producer that is interrupted at once, without a value.
    @inlinable
    public static var interrupted: SignalProducer { SignalProducer { observer, _ in observer.sendInterrupted() } }

    /// Sends `value`, then completes.
    @inlinable
    public init(value: Value) {
        self.init { observer, _ in
            observer.send(value: value)
            observer.sendCompleted()
        }
    }

    /// Sends each of `values`, then completes.
    @inlinable
    public init<S: Sequence & Sendable>(values: S) where S.Element == Value {
        self.init { observer, lifetime in
            for value in values {
                if lifetime.hasEnded { return }
                observer.send(value: value)
            }
            observer.sendCompleted()
        }
    }

    /// Fails with `error` at once.
    @inlinable
    public init(error: Error) {
        self.init { observer, _ in observer.send(error: error) }
    }

    /// Sends the success value and completes, or fails.
    @inlinable
    public init(result: Result<Value, Error>) {
        switch result {
        case let .success(value): self.init(value: value)
        case let .failure(error): self.init(error: error)
        }
    }

    /// Forwards the events `signal` sends while started: starting it only observes.
    @inlinable
    public init(_ signal: Signal<Value, Error>) {
        self.init { observer, lifetime in signal.attach(observer, during: lifetime) }
    }

    /// Completes at once without a value.
    @inlinable
    public static var empty: SignalProducer { SignalProducer { observer, _ in observer.sendCompleted() } }

    /// Never sends anything.
    @inlinable
    public static var never: SignalProducer { SignalProducer { _, _ in } }

    /// Runs the work and sends its events to `observer`; disposing the result interrupts it.
    ///
    /// The run ends at a relay (`SerialRelay`), which keeps the observer's events serial and
    /// ends after the terminal event, and which is the returned disposable. A producer made
    /// with `init(_:)` sends straight into it; one made by operators sends through them.
    @inlinable
    @discardableResult
    public func start(_ observer: Observer = Observer { _ in }) -> any Disposable {
        start(observer: observer)
    }

    @inlinable
    func start(action: @escaping @Sendable (Event<Value, Error>) -> Void) -> SerialRelay<Value, Error> {
        start(observer: Observer(action))
    }

    @inlinable
    func start(observer: Observer) -> SerialRelay<Value, Error> {
        let lifetime = Lifetime()
        let run = SerialRelay<Value, Error>(run: observer, lifetime: lifetime)
        if let sourceHandler {
            lifetime.setInterrupter { run.interrupt() }
            sourceHandler(Observer { run.send($0) }, lifetime)
        } else {
            startHandler(Observer { run.send($0) }, lifetime)
        }
        return run
    }

    /// Creates the run's signal, lets `setup` observe it, then starts the work. Use it to attach
    /// several observers to one run before any event is sent.
    ///
    /// If `setup` disposes the interrupter, the work is never started. A run whose signal nobody
    /// observes or keeps ends, silently, once `setup` and the start handler have returned.
    @inlinable
    public func startWithSignal<Result>(
        _ setup: (_ signal: Signal<Value, Error>, _ interrupter: any Disposable) -> Result
    ) -> Result {
        let lifetime = Lifetime()
        let core = SignalCore<Value, Error>(onTerminated: { lifetime.end() })
        let interrupter = RunInterrupter(lifetime: lifetime, core: core)
        let output = SignalOutput(core) { lifetime.end() }
        let result = setup(Signal(output: output), interrupter)
        if !interrupter.isDisposed {
            startHandler(Observer { core.send($0) }, lifetime)
        }
        withExtendedLifetime(output) {}
        return result
    }

    /// Starts and observes values only.
    @inlinable
    @discardableResult
    public func startWithValues(_ action: @escaping @Sendable (Value) -> Void) -> any Disposable {
        start(action: { event in if case let .value(value) = event { action(value) } })
    }

    /// Starts and observes successful completion only.
    @inlinable
    @discardableResult
    public func startWithCompleted(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        start(action: { event in if case .completed = event { action() } })
    }

    /// Starts and observes failure only.
    @inlinable
    @discardableResult
    public func startWithFailed(_ action: @escaping @Sendable (Error) -> Void) -> any Disposable {
        start(action: { event in if case let .failed(error) = event { action(error) } })
    }

    /// Starts and observes interruption only.
    @inlinable
    @discardableResult
    public func startWithInterrupted(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        start(action: { event in if case .interrupted = event { action() } })
    }

    /// Starts and reports each value as a success and a failure as a failure.
    @inlinable
    @discardableResult
    public func startWithResult(_ action: @escaping @Sendable (Result<Value, Error>) -> Void) -> any Disposable {
        start(Observer(value: { action(.success($0)) }, failed: { action(.failure($0)) }))
    }

    /// Transforms the observer of each start into an observer of this producer: the way operators
    /// are written. `transform` gets the downstream observer and the run's lifetime.
    @inlinable
    public func lift<U, F>(
        _ transform: @escaping @Sendable (Signal<U, F>.Observer, Lifetime) -> Observer
    ) -> SignalProducer<U, F> {
        let handler = startHandler
        return SignalProducer<U, F>(handler: { downstream, lifetime in
            handler(transform(downstream, lifetime), lifetime)
        }, lifted: ())
    }

    /// Starts this producer as a child of `lifetime`: it runs in its own run (so it can end early
    /// and clean up), and is interrupted if `lifetime` ends first.
    @inlinable
    public func attach(_ observer: Observer, during lifetime: Lifetime) {
        if lifetime.hasEnded { return }
        lifetime += start(observer)
    }
}

/// Disposes one run of a producer by sending `interrupted` into its source (see `Lifetime`'s
/// interrupter); a run whose source has not registered yet, or has already ended, is
/// interrupted at its end.
@usableFromInline
final class RunInterrupter<Value: Sendable, Error: Swift.Error>: Disposable {
    @usableFromInline let lifetime: Lifetime
    @usableFromInline let core: SignalCore<Value, Error>
    @usableFromInline let disposed = Atomic<Bool>(false)

    @inlinable
    init(lifetime: Lifetime, core: SignalCore<Value, Error>) {
        self.lifetime = lifetime
        self.core = core
    }

    @usableFromInline var isDisposed: Bool { disposed.load(ordering: .acquiring) || core.isDisposed }

    @usableFromInline
    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // A source that has already ended (its operators still running, such as a flatten with
        // live inners) cannot carry the interruption: end the run at its end instead, which
        // disposes what its operators hold.
        if let interrupt = lifetime.takeInterrupter(), interrupt() { return }
        core.send(.interrupted)
    }
}

/// Anything that can be turned into a producer: signals, producers, properties.
public protocol SignalProducerConvertible<Value, Error>: Sendable {
    associatedtype Value: Sendable
    associatedtype Error: Swift.Error
    /// The events of this source as a producer.
    var producer: SignalProducer<Value, Error> { get }
}

extension SignalProducer: SignalProducerConvertible {
    @inlinable
    public var producer: SignalProducer<Value, Error> { self }
}

extension Signal: SignalProducerConvertible {
    /// A producer whose starts observe this signal.
    @inlinable
    public var producer: SignalProducer<Value, Error> { SignalProducer(self) }
}
