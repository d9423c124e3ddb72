// Operators that change each event: values in, values out, one stage each.

extension Stage {
    @inlinable
    static func map<V, E, U>(_ transform: @escaping @Sendable (V) -> U) -> Transform<V, E, U, E> {
        { downstream, _ in
            let send = downstream.action
            return Signal<V, E>.Observer { event in
                if case let .value(value) = event {
                    send(.value(transform(value)))
                } else {
                    send(event.asTerminal())
                }
            }
        }
    }

    @inlinable
    static func mapError<V, E, F>(_ transform: @escaping @Sendable (E) -> F) -> Transform<V, E, V, F> {
        { downstream, _ in Signal<V, E>.Observer { event in downstream.action(event.mapError(transform)) } }
    }

    @inlinable
    static func filter<V, E>(_ isIncluded: @escaping @Sendable (V) -> Bool) -> Transform<V, E, V, E> {
        { downstream, _ in
            let send = downstream.action
            return Signal<V, E>.Observer { event in
                if case let .value(value) = event, !isIncluded(value) { return }
                send(event)
            }
        }
    }

    @inlinable
    static func compactMap<V, E, U>(_ transform: @escaping @Sendable (V) -> U?) -> Transform<V, E, U, E> {
        { downstream, _ in
            Signal<V, E>.Observer { event in
                if case let .value(value) = event {
                    if let mapped = transform(value) { downstream.action(.value(mapped)) }
                } else {
                    downstream.forwardTerminal(event)
                }
            }
        }
    }

    @inlinable
    static func scan<V, E, U>(
        into initial: U, _ next: @escaping @Sendable (inout U, V) -> Void
    ) -> Transform<V, E, U, E> where U: Sendable {
        { downstream, _ in
            let state = StageState(initial)
            return Signal<V, E>.Observer { event in
                if case let .value(value) = event {
                    next(&state.value, value)
                    downstream.action(.value(state.value))
                } else {
                    downstream.forwardTerminal(event)
                }
            }
        }
    }

    @inlinable
    static func reduce<V, E, U>(
        into initial: U, _ next: @escaping @Sendable (inout U, V) -> Void
    ) -> Transform<V, E, U, E> where U: Sendable {
        { downstream, _ in
            let state = StageState(initial)
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    next(&state.value, value)
                case .completed:
                    downstream.action(.value(state.value))
                    downstream.action(.completed)
                default:
                    downstream.forwardTerminal(event)
                }
            }
        }
    }

    @inlinable
    static func collect<V, E>(every count: Int?) -> Transform<V, E, [V], E> {
        { downstream, _ in
            let buffer = StageState([V]())
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    buffer.value.append(value)
                    if let count, buffer.value.count >= count {
                        let batch = buffer.value
                        buffer.value.removeAll(keepingCapacity: true)
                        downstream.action(.value(batch))
                    }
                case .completed:
                    // Collecting everything sends one array even when empty; batches send only leftovers.
                    if count == nil || !buffer.value.isEmpty { downstream.action(.value(buffer.value)) }
                    downstream.action(.completed)
                default:
                    downstream.forwardTerminal(event)
                }
            }
        }
    }

    @inlinable
    static func combinePrevious<V, E>(_ initial: V?) -> Transform<V, E, (previous: V, current: V), E> {
        { downstream, _ in
            let previous = StageState(initial)
            return Signal<V, E>.Observer { event in
                if case let .value(value) = event {
                    if let last = previous.value { downstream.action(.value((last, value))) }
                    previous.value = value
                } else {
                    downstream.forwardTerminal(event)
                }
            }
        }
    }

    @inlinable
    static func materialize<V, E>() -> Transform<V, E, Event<V, E>, Never> {
        { downstream, _ in
            Signal<V, E>.Observer { event in
                downstream.action(.value(event))
                if event.isTerminating { downstream.action(.completed) }
            }
        }
    }

    @inlinable
    static func dematerialize<V, E>() -> Transform<Event<V, E>, Never, V, E> {
        { downstream, _ in
            Signal<Event<V, E>, Never>.Observer { event in
                switch event {
                case let .value(inner): downstream.action(inner)
                case .completed: downstream.action(.completed)
                case .interrupted: downstream.action(.interrupted)
                }
            }
        }
    }
}

extension Signal {
    /// Transforms each value.
    @inlinable
    public func map<U>(_ transform: @escaping @Sendable (Value) -> U) -> Signal<U, Error> {
        lift(Stage.map(transform))
    }

    /// Replaces each value with a constant.
    @inlinable
    public func map<U: Sendable>(value: U) -> Signal<U, Error> { map { _ in value } }

    /// Transforms the error of a failure.
    @inlinable
    public func mapError<F>(_ transform: @escaping @Sendable (Error) -> F) -> Signal<Value, F> {
        lift(Stage.mapError(transform))
    }

    /// Forwards only the values that satisfy `isIncluded`.
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Error> {
        lift(Stage.filter(isIncluded))
    }

    /// Transforms each value and drops the `nil` results.
    @inlinable
    public func compactMap<U>(_ transform: @escaping @Sendable (Value) -> U?) -> Signal<U, Error> {
        lift(Stage.compactMap(transform))
    }

    /// Sends each intermediate result of combining values, starting from `initial`.
    @inlinable
    public func scan<U>(_ initial: U, _ next: @escaping @Sendable (U, Value) -> U) -> Signal<U, Error> {
        lift(Stage.scan(into: initial) { $0 = next($0, $1) })
    }

    /// Like `scan`, mutating the accumulator in place.
    @inlinable
    public func scan<U>(into initial: U, _ next: @escaping @Sendable (inout U, Value) -> Void) -> Signal<U, Error> {
        lift(Stage.scan(into: initial, next))
    }

    /// Sends the combination of all values when the signal completes.
    @inlinable
    public func reduce<U>(_ initial: U, _ next: @escaping @Sendable (U, Value) -> U) -> Signal<U, Error> {
        lift(Stage.reduce(into: initial) { $0 = next($0, $1) })
    }

    /// Sends every value as one array on completion.
    @inlinable
    public func collect() -> Signal<[Value], Error> { lift(Stage.collect(every: nil)) }

    /// Sends values in arrays of `count` (the last may be shorter).
    @inlinable
    public func collect(count: Int) -> Signal<[Value], Error> { lift(Stage.collect(every: max(1, count))) }

    /// Pairs each value with the one before it; the first value is paired with `initial`, or
    /// skipped when there is none.
    @inlinable
    public func combinePrevious(_ initial: Value? = nil) -> Signal<(previous: Value, current: Value), Error> {
        lift(Stage.combinePrevious(initial))
    }

    /// Turns every event, the terminal one included, into a value; then completes.
    @inlinable
    public func materialize() -> Signal<Event<Value, Error>, Never> { lift(Stage.materialize()) }
}

extension Signal where Error == Never {
    /// Lets a signal that cannot fail be combined with ones that can.
    @inlinable
    public func promoteError<F>(_: F.Type = F.self) -> Signal<Value, F> {
        lift(Stage.mapError { (never: Never) -> F in })
    }
}

extension Signal {
    /// Turns materialized events back into events.
    @inlinable
    public func dematerialize<V, E>() -> Signal<V, E> where Value == Event<V, E>, Error == Never {
        lift(Stage.dematerialize())
    }

    /// Drops `nil` values.
    @inlinable
    public func skipNil<U>() -> Signal<U, Error> where Value == U? { compactMap { $0 } }
}

extension SignalProducer {
    /// Transforms each value.
    @inlinable
    public func map<U>(_ transform: @escaping @Sendable (Value) -> U) -> SignalProducer<U, Error> {
        lift(Stage.map(transform))
    }

    /// Replaces each value with a constant.
    @inlinable
    public func map<U: Sendable>(value: U) -> SignalProducer<U, Error> { map { _ in value } }

    /// Transforms the error of a failure.
    @inlinable
    public func mapError<F>(_ transform: @escaping @Sendable (Error) -> F) -> SignalProducer<Value, F> {
        lift(Stage.mapError(transform))
    }

    /// Forwards only the values that satisfy `isIncluded`.
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> SignalProducer<Value, Error> {
        lift(Stage.filter(isIncluded))
    }

    /// Transforms each value and drops the `nil` results.
    @inlinable
    public func compactMap<U>(_ transform: @escaping @Sendable (Value) -> U?) -> SignalProducer<U, Error> {
        lift(Stage.compactMap(transform))
    }

    /// Sends each intermediate result of combining values, starting from `initial`.
    @inlinable
    public func scan<U>(_ initial: U, _ next: @escaping @Sendable (U, Value) -> U) -> SignalProducer<U, Error> {
        lift(Stage.scan(into: initial) { $0 = next($0, $1) })
    }

    /// Like `scan`, mutating the accumulator in place.
    @inlinable
    public func scan<U>(
        into initial: U, _ next: @escaping @Sendable (inout U, Value) -> Void
    ) -> SignalProducer<U, Error> {
        lift(Stage.scan(into: initial, next))
    }

    /// Sends the combination of all values when the producer completes.
    @inlinable
    public func reduce<U>(_ initial: U, _ next: @escaping @Sendable (U, Value) -> U) -> SignalProducer<U, Error> {
        lift(Stage.reduce(into: initial) { $0 = next($0, $1) })
    }

    /// Sends every value as one array on completion.
    @inlinable
    public func collect() -> SignalProducer<[Value], Error> { lift(Stage.collect(every: nil)) }

    /// Sends values in arrays of `count` (the last may be shorter).
    @inlinable
    public func collect(count: Int) -> SignalProducer<[Value], Error> {
        lift(Stage.collect(every: max(1, count)))
    }

    /// Pairs each value with the one before it; the first value is paired with `initial`, or
    /// skipped when there is none.
    @inlinable
    public func combinePrevious(_ initial: Value? = nil) -> SignalProducer<(previous: Value, current: Value), Error> {
        lift(Stage.combinePrevious(initial))
    }

    /// Turns every event, the terminal one included, into a value; then completes.
    @inlinable
    public func materialize() -> SignalProducer<Event<Value, Error>, Never> { lift(Stage.materialize()) }

    /// Turns materialized events back into events.
    @inlinable
    public func dematerialize<V, E>() -> SignalProducer<V, E> where Value == Event<V, E>, Error == Never {
        lift(Stage.dematerialize())
    }

    /// Drops `nil` values.
    @inlinable
    public func skipNil<U>() -> SignalProducer<U, Error> where Value == U? { compactMap { $0 } }
}

extension SignalProducer where Error == Never {
    /// Lets a producer that cannot fail be combined with ones that can.
    @inlinable
    public func promoteError<F>(_: F.Type = F.self) -> SignalProducer<Value, F> {
        lift(Stage.mapError { (never: Never) -> F in })
    }
}

// MARK: attemptMap

extension Stage {
    @inlinable
    static func attemptMap<V, E, U>(_ transform: @escaping @Sendable (V) -> Result<U, E>) -> Transform<V, E, U, E> {
        { downstream, _ in
            Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    switch transform(value) {
                    case let .success(mapped): downstream.send(value: mapped)
                    case let .failure(error): downstream.send(error: error)
                    }
                default:
                    downstream.forwardTerminal(event)
                }
            }
        }
    }
}

extension Signal {
    /// Transforms each value with `transform`, failing with its error when it fails.
    @inlinable
    public func attemptMap<U>(_ transform: @escaping @Sendable (Value) -> Result<U, Error>) -> Signal<U, Error> {
        lift(Stage.attemptMap(transform))
    }
}

extension SignalProducer {
    /// Transforms each value with `transform`, failing with its error when it fails.
    @inlinable
    public func attemptMap<U>(
        _ transform: @escaping @Sendable (Value) -> Result<U, Error>
    ) -> SignalProducer<U, Error> {
        lift(Stage.attemptMap(transform))
    }
}
