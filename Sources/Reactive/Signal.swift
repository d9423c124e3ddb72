import Synchronization

/// A hot stream of events: it runs whether or not anyone listens, and observers see only what is
/// sent after they attach (a button's clicks, a property's changes, an action's results).
///
/// Operators (`map`, `filter`, …) return signals that apply their work per observer, as in Rx: the
/// source's events are shared, the pipeline after it belongs to each observer. A signal ends with
/// one terminal event; when its input observer is released without one, it sends `interrupted`.
public struct Signal<Value: Sendable, Error: Swift.Error>: Sendable {
    @usableFromInline
    enum Source: Sendable {
        /// Events come straight from a core.
        case core(SignalCore<Value, Error>)
        /// Events come from a core that ends, silently, once this output is released and its
        /// last observer has left (a `Signal { … }`, a producer's run).
        case owned(SignalOutput<Value, Error>)
        /// Attaching runs a pipeline of stages, ending at a core.
        case derived(@Sendable (Observer, Lifetime) -> Void)
    }

    @usableFromInline let source: Source

    @inlinable
    init(core: SignalCore<Value, Error>) { source = .core(core) }

    @inlinable
    init(output: SignalOutput<Value, Error>) { source = .owned(output) }

    @inlinable
    init(derived attach: @escaping @Sendable (Observer, Lifetime) -> Void) {
        source = .derived(attach)
    }

    /// A signal whose observers are attached by `attach`, which gets each observer with the lifetime
    /// of its observation: how operators over several inputs are built.
    @inlinable
    public static func deriving(_ attach: @escaping @Sendable (Observer, Lifetime) -> Void) -> Signal {
        Signal(derived: attach)
    }

    /// A signal that starts now: `generator` runs once with the signal's input and a lifetime that
    /// ends when the signal terminates — or, silently, once nobody holds the signal and its last
    /// observer has left, so work a generator keeps going (timers, sockets) cannot leak.
    ///
    /// Inlinable, as every initialiser that makes a signal core is, so that the core's slot
    /// operations are specialised for the caller's types (see `ObserverRegistry.slotAccess`).
    @inlinable
    public init(_ generator: (Observer, Lifetime) -> Void) {
        let lifetime = Lifetime()
        let core = SignalCore<Value, Error>(onTerminated: { lifetime.end() })
        let output = SignalOutput(core) { lifetime.end() }
        self.init(output: output)
        generator(Self.input(for: core), lifetime)
    }

    /// A new signal and the observer that sends on it.
    @inlinable
    public static func pipe() -> (output: Signal, input: Observer) {
        let core = SignalCore<Value, Error>()
        return (Signal(core: core), input(for: core))
    }

    /// A new signal and the observer that sends on it; `disposable` is disposed when the signal
    /// terminates, or once nobody holds the signal and its last observer has left.
    @inlinable
    public static func pipe(disposable: any Disposable) -> (output: Signal, input: Observer) {
        let core = SignalCore<Value, Error>(onTerminated: { disposable.dispose() })
        let output = SignalOutput(core) { disposable.dispose() }
        return (Signal(output: output), input(for: core))
    }

    /// The input observer of `core`; releasing it without a terminal event interrupts the signal.
    @inlinable
    static func input(for core: SignalCore<Value, Error>) -> Observer {
        let guardian = InterruptOnRelease(core)
        return Observer { event in guardian.core.send(event) }
    }

    /// A signal that never sends anything and holds no observer.
    public static var never: Signal { Signal.deriving({ _, _ in }) }

    /// A signal that has already ended: observers receive `interrupted` at once.
    public static var empty: Signal { Signal.deriving({ observer, _ in observer.sendInterrupted() }) }

    /// Attaches `observer` within `lifetime`: the attachment ends when the lifetime ends.
    @inlinable
    public func attach(_ observer: Observer, during lifetime: Lifetime) {
        switch source {
        case let .core(core):
            if let subscription = core.attach(observer: observer) { lifetime += subscription }
        case let .owned(output):
            if let subscription = output.core.attach(observer: observer) { lifetime += subscription }
        case let .derived(attach):
            attach(observer, lifetime)
        }
    }

    /// Observes the signal's events until the returned disposable is disposed or a terminal event
    /// arrives. Nothing reaches the observer after its terminal event.
    @inlinable
    @discardableResult
    public func observe(_ observer: Observer) -> (any Disposable)? {
        observe(observer.action)
    }

    /// Observes the signal's events with a closure, until the returned disposable is disposed or
    /// a terminal event arrives: `signal.observe { event in … }`.
    @inlinable
    @discardableResult
    public func observe(_ action: @escaping @Sendable (Event<Value, Error>) -> Void) -> (any Disposable)? {
        observe(handler: .events(action))
    }

    @inlinable
    func observe(handler: SignalCore<Value, Error>.Handler) -> (any Disposable)? {
        switch source {
        case let .core(core):
            return core.attach(handler)
        case let .owned(output):
            return output.core.attach(handler)
        case let .derived(attach):
            let observation = Observation()
            attach(Observer { event in
                guard !observation.finished.load(ordering: .relaxed) else { return }
                if event.isTerminating { observation.finished.store(true, ordering: .relaxed) }
                switch handler {
                case let .events(action): action(event)
                case let .values(action): if case let .value(value) = event { action(value) }
                // Never passed here: observer objects are attached by `attach(_:during:)`.
                case let .observer(observer): observer._withUnsafeGuaranteedRef { $0.action(event) }
                case .awaiting, .vacant: break
                }
                if event.isTerminating { observation.lifetime.end() }
            }, observation.lifetime)
            return observation
        }
    }

    /// Transforms every observer attached to the result into an observer of this signal: the way
    /// operators are written. `transform` gets the downstream observer and its observation's lifetime.
    @inlinable
    public func lift<U, F>(
        _ transform: @escaping @Sendable (Signal<U, F>.Observer, Lifetime) -> Observer
    ) -> Signal<U, F> {
        let upstream = self
        return Signal<U, F>.deriving({ downstream, lifetime in
            upstream.attach(transform(downstream, lifetime), during: lifetime)
        })
    }

    /// Number of observers attached directly to this signal's source (for leak checks).
    public var observerCount: Int {
        switch source {
        case let .core(core): return core.observerCount
        case let .owned(output): return output.core.observerCount
        case .derived: return 0
        }
    }
}

extension Signal {
    /// Observes values only.
    @inlinable
    @discardableResult
    public func observeValues(_ action: @escaping @Sendable (Value) -> Void) -> (any Disposable)? {
        observe(handler: .values(action))
    }

    /// Observes successful completion only.
    @discardableResult
    public func observeCompleted(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        observe { event in if case .completed = event { action() } }
    }

    /// Observes failure only.
    @discardableResult
    public func observeFailed(_ action: @escaping @Sendable (Error) -> Void) -> (any Disposable)? {
        observe { event in if case let .failed(error) = event { action(error) } }
    }

    /// Observes interruption only.
    @discardableResult
    public func observeInterrupted(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        observe { event in if case .interrupted = event { action() } }
    }

    /// Observes the end of the signal, whatever ended it.
    @discardableResult
    public func observeTerminated(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        observe { event in if event.isTerminating { action() } }
    }
}

/// One observation of a derived signal: its lifetime ends on disposal or at the terminal event,
/// detaching every stage of its pipeline.
@usableFromInline
final class Observation: Disposable, Sendable {
    @usableFromInline let lifetime = Lifetime()
    @usableFromInline let finished = Atomic<Bool>(false)

    @inlinable init() {}

    @inlinable var isDisposed: Bool { lifetime.hasEnded }

    @inlinable
    func dispose() {
        finished.store(true, ordering: .relaxed)
        lifetime.end()
    }
}

/// The output handle of a signal that should end once it is unreachable: when the last copy of
/// the signal is released and no observer is left, the core ends silently and `onUnreachable`
/// runs (ending the generator's lifetime).
@usableFromInline
final class SignalOutput<Value: Sendable, Error: Swift.Error>: Sendable {
    @usableFromInline let core: SignalCore<Value, Error>
    @usableFromInline let silentEnd: Event<Value, Error>
    @usableFromInline let onUnreachable: @Sendable () -> Void

    @inlinable
    init(
        _ core: SignalCore<Value, Error>, endingAs silentEnd: Event<Value, Error> = .interrupted,
        onUnreachable: @escaping @Sendable () -> Void
    ) {
        self.core = core
        self.silentEnd = silentEnd
        self.onUnreachable = onUnreachable
    }

    deinit {
        let onUnreachable = self.onUnreachable
        let silentEnd = self.silentEnd
        core.runWhenUnobserved { registry in
            // The registry handed back is this output's core.
            let core = unsafeDowncast(registry, to: SignalCore<Value, Error>.self)
            if core.endSilently(as: silentEnd) { onUnreachable() }
        }
    }
}

/// Interrupts a signal when its input observer is released without having terminated it.
@usableFromInline
final class InterruptOnRelease<Value: Sendable, Error: Swift.Error>: Sendable {
    @usableFromInline let core: SignalCore<Value, Error>
    @inlinable init(_ core: SignalCore<Value, Error>) { self.core = core }
    deinit { core.send(.interrupted) }
}
