// Operators whose values are themselves streams: flatMap, flatten, switchToLatest, concat.

/// How a stream of streams becomes one stream.
public enum FlattenStrategy: Sendable, Equatable {
    /// Every inner stream runs at once; values interleave as they arrive.
    case merge
    /// Inner streams run one after another, in order; later ones wait.
    case concat
    /// Only the latest inner stream runs; a new one interrupts the previous one.
    case latest
}

@usableFromInline
struct FlattenState<U: Sendable, E: Swift.Error> {
    @usableFromInline var outerDone = false
    @usableFromInline var active = 0
    @usableFromInline var waiting: [SignalProducer<U, E>] = []
    @usableFromInline var generation = 0
    @usableFromInline init() {}
    @inlinable var isFinished: Bool { outerDone && active == 0 && waiting.isEmpty }
}

extension Stage {
    @usableFromInline
    static func flatMap<V, E, U>(
        _ strategy: FlattenStrategy, _ transform: @escaping @Sendable (V) -> SignalProducer<U, E>
    ) -> Transform<V, E, U, E> {
        { downstream, lifetime in
            let out = serializer(downstream)
            let state = LockedState(FlattenState<U, E>())
            let inners = CompositeDisposable()
            let latest = SerialDisposable()
            lifetime += inners
            lifetime += latest

            // Starts `producer` as inner stream number `generation`.
            @Sendable func run(_ producer: SignalProducer<U, E>, generation: Int) {
                let entry = SerialDisposable()
                let handle = strategy == .latest ? nil : inners.add(entry)
                if strategy == .latest { latest.inner = entry }
                let isCurrent: @Sendable () -> Bool = {
                    strategy != .latest || state.withLock { $0.generation == generation }
                }
                entry.inner = producer.start(Signal<U, E>.Observer { event in
                    switch event {
                    case .value:
                        if isCurrent() { out.send(event) }
                    case .failed:
                        out.send(event.asTerminal())
                    case .interrupted:
                        // An inner replaced by a newer one is interrupted on purpose: not an end.
                        if isCurrent() { out.send(.interrupted) }
                    case .completed:
                        handle?.dispose()
                        let next: SignalProducer<U, E>? = state.withLock { flatten in
                            guard strategy != .latest || flatten.generation == generation else { return nil }
                            flatten.active -= 1
                            guard strategy == .concat, !flatten.waiting.isEmpty else { return nil }
                            flatten.active += 1
                            return flatten.waiting.removeFirst()
                        }
                        if let next { run(next, generation: generation) }
                        if state.withLock({ $0.isFinished }) { out.send(.completed) }
                    }
                })
            }

            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    let producer = transform(value)
                    let start: Int? = state.withLock { flatten in
                        switch strategy {
                        case .merge:
                            flatten.active += 1
                        case .concat:
                            if flatten.active > 0 {
                                flatten.waiting.append(producer)
                                return nil
                            }
                            flatten.active += 1
                        case .latest:
                            flatten.generation += 1
                            flatten.active = 1
                        }
                        return flatten.generation
                    }
                    if let start { run(producer, generation: start) }
                case .completed:
                    let finished = state.withLock { flatten -> Bool in
                        flatten.outerDone = true
                        return flatten.isFinished
                    }
                    if finished { out.send(.completed) }
                default:
                    out.send(event.asTerminal())
                }
            }
        }
    }

    /// On failure, continues with the producer `handler` makes from the error.
    @usableFromInline
    static func flatMapError<V, E, F>(
        _ handler: @escaping @Sendable (E) -> SignalProducer<V, F>
    ) -> Transform<V, E, V, F> {
        { downstream, lifetime in
            Signal<V, E>.Observer { event in
                switch event {
                case let .value(value): downstream.send(value: value)
                case let .failed(error): handler(error).attach(downstream, during: lifetime)
                case .completed: downstream.sendCompleted()
                case .interrupted: downstream.sendInterrupted()
                }
            }
        }
    }
}

extension Signal {
    /// Maps each value to a producer and flattens them with `strategy`.
    public func flatMap<U>(
        _ strategy: FlattenStrategy, _ transform: @escaping @Sendable (Value) -> SignalProducer<U, Error>
    ) -> Signal<U, Error> {
        lift(Stage.flatMap(strategy, transform))
    }

    /// Maps each value to a signal and flattens them with `strategy`.
    public func flatMap<U>(
        _ strategy: FlattenStrategy, _ transform: @escaping @Sendable (Value) -> Signal<U, Error>
    ) -> Signal<U, Error> {
        flatMap(strategy) { transform($0).producer }
    }

    /// On failure, continues with the producer `handler` makes from the error.
    public func flatMapError<F>(
        _ handler: @escaping @Sendable (Error) -> SignalProducer<Value, F>
    ) -> Signal<Value, F> {
        lift(Stage.flatMapError(handler))
    }
}

extension Signal {
    /// Sends `value` to each new observer first, then this signal's events.
    public func prefix(value: Value) -> Signal<Value, Error> {
        let upstream = self
        return Signal.deriving { observer, lifetime in
            observer.send(value: value)
            upstream.attach(observer, during: lifetime)
        }
    }
}

extension Signal where Value: SignalProducerConvertible, Value.Error == Error {
    /// Flattens a signal of streams with `strategy`.
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Error> {
        flatMap(strategy) { $0.producer }
    }

    /// Forwards only the latest inner stream: `flatten(.latest)`.
    public func switchToLatest() -> Signal<Value.Value, Error> { flatten(.latest) }
}

extension SignalProducer {
    /// Maps each value to a producer and flattens them with `strategy`.
    public func flatMap<U>(
        _ strategy: FlattenStrategy, _ transform: @escaping @Sendable (Value) -> SignalProducer<U, Error>
    ) -> SignalProducer<U, Error> {
        lift(Stage.flatMap(strategy, transform))
    }

    /// Maps each value to a signal and flattens them with `strategy`.
    public func flatMap<U>(
        _ strategy: FlattenStrategy, _ transform: @escaping @Sendable (Value) -> Signal<U, Error>
    ) -> SignalProducer<U, Error> {
        flatMap(strategy) { transform($0).producer }
    }

    /// On failure, continues with the producer `handler` makes from the error.
    public func flatMapError<F>(
        _ handler: @escaping @Sendable (Error) -> SignalProducer<Value, F>
    ) -> SignalProducer<Value, F> {
        lift(Stage.flatMapError(handler))
    }

    /// This producer's events, then, once it completes, those of `next`.
    public func concat(_ next: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        SignalProducer<SignalProducer<Value, Error>, Error>(values: [self, next]).flatten(.concat)
    }

    /// `value` first, then this producer's events.
    public func prefix(value: Value) -> SignalProducer<Value, Error> {
        SignalProducer(value: value).concat(self)
    }

    /// Waits for this producer to complete, ignoring its values, then continues with `replacement`.
    public func then<U>(_ replacement: SignalProducer<U, Error>) -> SignalProducer<U, Error> {
        filter { _ in false }.flatMap(.concat) { _ in SignalProducer<U, Error>.empty }.concat(replacement)
    }

    /// Restarts the producer after a failure, at most `count` times; the last failure is forwarded.
    public func retry(upTo count: Int) -> SignalProducer<Value, Error> {
        let upstream = self
        return SignalProducer { observer, lifetime in
            let current = SerialDisposable()
            let remaining = LockedState(max(0, count))
            lifetime += current
            @Sendable func attempt() {
                current.inner = upstream.start(Observer { event in
                    if case .failed = event,
                       !lifetime.hasEnded,
                       remaining.withLock({ left -> Bool in
                           guard left > 0 else { return false }
                           left -= 1
                           return true
                       }) {
                        attempt()
                    } else {
                        observer.send(event)
                    }
                })
            }
            attempt()
        }
    }
}

extension SignalProducer where Value: SignalProducerConvertible, Value.Error == Error {
    /// Flattens a producer of streams with `strategy`.
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Error> {
        flatMap(strategy) { $0.producer }
    }

    /// Forwards only the latest inner stream: `flatten(.latest)`.
    public func switchToLatest() -> SignalProducer<Value.Value, Error> { flatten(.latest) }
}
