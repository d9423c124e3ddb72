import Synchronization

// Operators that decide which events pass and when the stream ends early.

extension Stage {
    @inlinable
    static func skipRepeats<V, E>(_ isEquivalent: @escaping @Sendable (V, V) -> Bool) -> Transform<V, E, V, E> {
        { downstream, _ in
            let last = StageState<V?>(nil)
            return Signal<V, E>.Observer { event in
                if case let .value(value) = event {
                    if let previous = last.value, isEquivalent(previous, value) { return }
                    last.value = value
                }
                downstream.action(event)
            }
        }
    }

    /// Forwards the first `count` (at least one) values, then completes.
    @inlinable
    static func take<V, E>(first count: Int) -> Transform<V, E, V, E> {
        { downstream, _ in
            let remaining = StageState(count)
            return Signal<V, E>.Observer { event in
                guard remaining.value > 0 else { return }
                if case .value = event {
                    remaining.value -= 1
                    downstream.action(event)
                    if remaining.value == 0 { downstream.sendCompleted() }
                } else {
                    remaining.value = 0
                    downstream.action(event)
                }
            }
        }
    }

    /// Drops the first `count` values.
    @inlinable
    static func skip<V, E>(first count: Int) -> Transform<V, E, V, E> {
        { downstream, _ in
            let remaining = StageState(count)
            return Signal<V, E>.Observer { event in
                if case .value = event, remaining.value > 0 {
                    remaining.value -= 1
                    return
                }
                downstream.action(event)
            }
        }
    }

    /// Forwards values while `predicate` holds, then completes.
    @inlinable
    static func take<V, E>(while predicate: @escaping @Sendable (V) -> Bool) -> Transform<V, E, V, E> {
        { downstream, _ in
            let done = StageState(false)
            return Signal<V, E>.Observer { event in
                guard !done.value else { return }
                if case let .value(value) = event, !predicate(value) {
                    done.value = true
                    downstream.sendCompleted()
                } else {
                    downstream.action(event)
                }
            }
        }
    }

    /// Drops values while `predicate` holds, then forwards everything.
    @inlinable
    static func skip<V, E>(while predicate: @escaping @Sendable (V) -> Bool) -> Transform<V, E, V, E> {
        { downstream, _ in
            let skipping = StageState(true)
            return Signal<V, E>.Observer { event in
                if skipping.value, case let .value(value) = event {
                    if predicate(value) { return }
                    skipping.value = false
                }
                downstream.action(event)
            }
        }
    }

    /// Forwards events until `trigger` sends a value or completes, then completes.
    @inlinable
    static func take<V, E>(until trigger: @escaping Input<Void, Never>) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let out = serializer(downstream)
            trigger(Signal<Void, Never>.Observer { event in
                if case .interrupted = event { return }
                out.send(.completed)
            }, lifetime)
            return Signal<V, E>.Observer { event in out.send(event) }
        }
    }

    /// Forwards events until `lifetime` ends, then completes.
    @inlinable
    static func take<V, E>(during owner: Lifetime) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let out = serializer(downstream)
            lifetime += owner.observeEnded { out.send(.completed) }
            return Signal<V, E>.Observer { event in out.send(event) }
        }
    }
}

extension Signal {
    /// Drops values equivalent to the one before.
    @inlinable
    public func skipRepeats(_ isEquivalent: @escaping @Sendable (Value, Value) -> Bool) -> Signal<Value, Error> {
        lift(Stage.skipRepeats(isEquivalent))
    }

    /// Forwards the first `count` values, then completes. With a `count` of zero or less the
    /// result has already ended: observers are interrupted at once.
    @inlinable
    public func take(first count: Int) -> Signal<Value, Error> {
        count >= 1 ? lift(Stage.take(first: count)) : .empty
    }

    /// Drops the first `count` values.
    @inlinable
    public func skip(first count: Int) -> Signal<Value, Error> { lift(Stage.skip(first: count)) }

    /// Forwards values while `predicate` holds, then completes.
    @inlinable
    public func take(while predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Error> {
        lift(Stage.take(while: predicate))
    }

    /// Drops values while `predicate` holds, then forwards everything.
    @inlinable
    public func skip(while predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Error> {
        lift(Stage.skip(while: predicate))
    }

    /// Completes when `trigger` sends a value or completes.
    @inlinable
    public func take(until trigger: Signal<Void, Never>) -> Signal<Value, Error> {
        lift(Stage.take(until: trigger.stageInput))
    }

    /// Completes when `lifetime` ends: ties a subscription to its owner.
    @inlinable
    public func take(during lifetime: Lifetime) -> Signal<Value, Error> { lift(Stage.take(during: lifetime)) }
}

extension Signal where Value: Equatable {
    /// Drops values equal to the one before.
    @inlinable
    public func skipRepeats() -> Signal<Value, Error> { skipRepeats(==) }
}

extension SignalProducer {
    /// Drops values equivalent to the one before.
    @inlinable
    public func skipRepeats(
        _ isEquivalent: @escaping @Sendable (Value, Value) -> Bool
    ) -> SignalProducer<Value, Error> {
        lift(Stage.skipRepeats(isEquivalent))
    }

    /// Forwards the first `count` values, then completes. With a `count` of zero or less this
    /// producer is not started and the result is interrupted at once.
    @inlinable
    public func take(first count: Int) -> SignalProducer<Value, Error> {
        count >= 1 ? lift(Stage.take(first: count)) : .interrupted
    }

    /// Drops the first `count` values.
    @inlinable
    public func skip(first count: Int) -> SignalProducer<Value, Error> { lift(Stage.skip(first: count)) }

    /// Forwards values while `predicate` holds, then completes.
    @inlinable
    public func take(while predicate: @escaping @Sendable (Value) -> Bool) -> SignalProducer<Value, Error> {
        lift(Stage.take(while: predicate))
    }

    /// Drops values while `predicate` holds, then forwards everything.
    @inlinable
    public func skip(while predicate: @escaping @Sendable (Value) -> Bool) -> SignalProducer<Value, Error> {
        lift(Stage.skip(while: predicate))
    }

    /// Completes when `trigger` sends a value or completes.
    @inlinable
    public func take(until trigger: Signal<Void, Never>) -> SignalProducer<Value, Error> {
        lift(Stage.take(until: trigger.stageInput))
    }

    /// Completes when `trigger` sends a value or completes.
    @inlinable
    public func take(until trigger: SignalProducer<Void, Never>) -> SignalProducer<Value, Error> {
        lift(Stage.take(until: trigger.stageInput))
    }

    /// Completes when `lifetime` ends: ties a subscription to its owner.
    @inlinable
    public func take(during lifetime: Lifetime) -> SignalProducer<Value, Error> {
        lift(Stage.take(during: lifetime))
    }
}

extension SignalProducer where Value: Equatable {
    /// Drops values equal to the one before.
    @inlinable
    public func skipRepeats() -> SignalProducer<Value, Error> { skipRepeats(==) }
}

// MARK: take(last:), skip(until:), take(untilReplacement:)

extension Stage {
    /// Holds the last `count` values; on completion sends them, then completes. Failure and
    /// interruption pass at once (the held values are dropped).
    @inlinable
    static func take<V, E>(last count: Int) -> Transform<V, E, V, E> {
        { downstream, _ in
            let buffer = StageState([V]())
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    guard count > 0 else { return }
                    if buffer.value.count == count { buffer.value.removeFirst() }
                    buffer.value.append(value)
                case .completed:
                    for value in buffer.value { downstream.send(value: value) }
                    buffer.value = []
                    downstream.sendCompleted()
                default:
                    buffer.value = []
                    downstream.action(event)
                }
            }
        }
    }

    /// Drops values until `trigger` sends a value or completes; terminal events always pass.
    @inlinable
    static func skip<V, E>(until trigger: @escaping Input<Void, Never>) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let open = Atomic<Bool>(false)
            let triggerLifetime = Lifetime()
            lifetime.observeEnded { triggerLifetime.end() }
            trigger(Signal<Void, Never>.Observer { event in
                if case .interrupted = event { return }
                open.store(true, ordering: .releasing)
                triggerLifetime.end()
            }, triggerLifetime)
            return Signal<V, E>.Observer { event in
                if case .value = event, !open.load(ordering: .acquiring) { return }
                downstream.action(event)
            }
        }
    }

    /// Forwards this stream's values, failure and interruption (not its completion) until
    /// `replacement` sends its first event; from then on only `replacement`'s events.
    @inlinable
    static func take<V, E>(untilReplacement replacement: @escaping Input<V, E>) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let out = serializer(downstream)
            let replaced = Atomic<Bool>(false)
            replacement(Signal<V, E>.Observer { event in
                replaced.store(true, ordering: .releasing)
                out.send(event)
            }, lifetime)
            return Signal<V, E>.Observer { event in
                if replaced.load(ordering: .acquiring) || event.isCompleted { return }
                out.send(event)
            }
        }
    }
}

extension Signal {
    /// Sends the last `count` values when the signal completes, then completes.
    @inlinable
    public func take(last count: Int) -> Signal<Value, Error> { lift(Stage.take(last: count)) }

    /// Drops values until `trigger` sends a value or completes; terminal events always pass.
    @inlinable
    public func skip(until trigger: Signal<Void, Never>) -> Signal<Value, Error> {
        lift(Stage.skip(until: trigger.stageInput))
    }

    /// This signal's events (but its completion) until `replacement` sends anything, then only
    /// `replacement`'s.
    @inlinable
    public func take(untilReplacement replacement: Signal<Value, Error>) -> Signal<Value, Error> {
        lift(Stage.take(untilReplacement: replacement.stageInput))
    }
}

extension SignalProducer {
    /// Sends the last `count` values when the producer completes, then completes.
    @inlinable
    public func take(last count: Int) -> SignalProducer<Value, Error> { lift(Stage.take(last: count)) }

    /// Drops values until `trigger` sends a value or completes; terminal events always pass.
    @inlinable
    public func skip(until trigger: SignalProducer<Void, Never>) -> SignalProducer<Value, Error> {
        lift(Stage.skip(until: trigger.stageInput))
    }

    /// Drops values until `trigger` sends a value or completes; terminal events always pass.
    @inlinable
    public func skip(until trigger: Signal<Void, Never>) -> SignalProducer<Value, Error> {
        lift(Stage.skip(until: trigger.stageInput))
    }

    /// This producer's events (but its completion) until `replacement` sends anything, then only
    /// `replacement`'s. `replacement` is started alongside, per start.
    @inlinable
    public func take(untilReplacement replacement: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        lift(Stage.take(untilReplacement: replacement.stageInput))
    }

    /// This producer's events (but its completion) until `replacement` sends anything, then only
    /// `replacement`'s.
    @inlinable
    public func take(untilReplacement replacement: Signal<Value, Error>) -> SignalProducer<Value, Error> {
        lift(Stage.take(untilReplacement: replacement.stageInput))
    }
}
