// Operators that join several inputs into one output. Their outputs go through a serializer, so
// inputs on different threads still produce one ordered stream.

@usableFromInline
struct LatestValues<Element> {
    @usableFromInline var values: [Element?]
    @usableFromInline var missing: Int
    @usableFromInline var running: Int
    @inlinable init(count: Int) {
        values = Array(repeating: nil, count: count)
        missing = count
        running = count
    }
}

@usableFromInline
struct ZipQueues<Element> {
    @usableFromInline var queues: [[Element]]
    @usableFromInline var completed: [Bool]
    @inlinable init(count: Int) {
        queues = Array(repeating: [], count: count)
        completed = Array(repeating: false, count: count)
    }
    /// Whether the zip can never produce another tuple.
    @inlinable var isExhausted: Bool {
        queues.indices.contains { completed[$0] && queues[$0].isEmpty }
    }
}

@usableFromInline
struct LatestPair<A, B> {
    @usableFromInline var a: A?
    @usableFromInline var b: B?
    @usableFromInline var running = 2
    @inlinable init() {}
}

extension Stage {
    /// The latest values of two inputs, each time either changes once both have one. Completes
    /// when both inputs have completed (even one that never sent a value); fails or is
    /// interrupted when either is.
    @inlinable
    static func combineLatest<A, B, E>(_ first: @escaping Input<A, E>, _ second: @escaping Input<B, E>) -> Input<(A, B), E> {
        { downstream, lifetime in
            let out = serializer(downstream)
            // The pair is guarded by the serializer's own lock: one lock per event, not two.
            let state = LatestPairState<A, B>()
            first(Signal<A, E>.Observer { event in
                var bits = out.lockState()
                var delivery: Event<(A, B), E>?
                switch event {
                case let .value(value):
                    state.pair.a = value
                    if let b = state.pair.b { delivery = out.enqueueLocked(.value((value, b)), &bits) }
                case .completed:
                    state.pair.running -= 1
                    if state.pair.running == 0 { delivery = out.enqueueLocked(.completed, &bits) }
                default:
                    delivery = out.enqueueLocked(event.asTerminal(), &bits)
                }
                out.unlockState(bits)
                out.perform(delivery)
            }, lifetime)
            second(Signal<B, E>.Observer { event in
                var bits = out.lockState()
                var delivery: Event<(A, B), E>?
                switch event {
                case let .value(value):
                    state.pair.b = value
                    if let a = state.pair.a { delivery = out.enqueueLocked(.value((a, value)), &bits) }
                case .completed:
                    state.pair.running -= 1
                    if state.pair.running == 0 { delivery = out.enqueueLocked(.completed, &bits) }
                default:
                    delivery = out.enqueueLocked(event.asTerminal(), &bits)
                }
                out.unlockState(bits)
                out.perform(delivery)
            }, lifetime)
        }
    }

    /// The latest values of all inputs, in input order, each time one changes once all have one.
    /// With no inputs it completes at once.
    @inlinable
    static func combineLatest<V, E>(_ inputs: [Input<V, E>]) -> Input<[V], E> {
        { downstream, lifetime in
            guard !inputs.isEmpty else { return downstream.sendCompleted() }
            let out = serializer(downstream)
            let state = LockedState(LatestValues<V>(count: inputs.count))
            for (index, input) in inputs.enumerated() {
                input(Signal<V, E>.Observer { event in
                    let delivery = state.withLock { latest -> Event<[V], E>? in
                        switch event {
                        case let .value(value):
                            if latest.values[index] == nil { latest.missing -= 1 }
                            latest.values[index] = value
                            guard latest.missing == 0 else { return nil }
                            return out.enqueue(.value(latest.values.compactMap { $0 }))
                        case .completed:
                            latest.running -= 1
                            guard latest.running == 0 else { return nil }
                            return out.enqueue(.completed)
                        default:
                            return out.enqueue(event.asTerminal())
                        }
                    }
                    out.perform(delivery)
                }, lifetime)
            }
        }
    }

    /// Tuples of the n-th values of all inputs; completes once an input has completed and every
    /// value it sent has been paired.
    @inlinable
    static func zip<V, E>(_ inputs: [Input<V, E>]) -> Input<[V], E> {
        { downstream, lifetime in
            guard !inputs.isEmpty else { return downstream.sendCompleted() }
            let out = serializer(downstream)
            let state = LockedState(ZipQueues<V>(count: inputs.count))
            for (index, input) in inputs.enumerated() {
                input(Signal<V, E>.Observer { event in
                    let delivery = state.withLock { zip -> Event<[V], E>? in
                        var delivery: Event<[V], E>?
                        switch event {
                        case let .value(value):
                            zip.queues[index].append(value)
                            if zip.queues.allSatisfy({ !$0.isEmpty }) {
                                let tuple = zip.queues.indices.map { zip.queues[$0].removeFirst() }
                                delivery = out.enqueue(.value(tuple))
                            }
                        case .completed:
                            zip.completed[index] = true
                        default:
                            return out.enqueue(event.asTerminal())
                        }
                        // When `delivery` is ours, the completion queues behind it; else it may be ours.
                        if zip.isExhausted, let completion = out.enqueue(.completed) { delivery = completion }
                        return delivery
                    }
                    out.perform(delivery)
                }, lifetime)
            }
        }
    }

    /// Every value of every input as it arrives; completes when all inputs have completed.
    @inlinable
    static func merge<V, E>(_ inputs: [Input<V, E>]) -> Input<V, E> {
        { downstream, lifetime in
            guard !inputs.isEmpty else { return downstream.sendCompleted() }
            let out = serializer(downstream)
            let running = LockedState(inputs.count)
            for input in inputs {
                input(Signal<V, E>.Observer { event in
                    if case .completed = event {
                        let last = running.withLock { count -> Bool in
                            count -= 1
                            return count == 0
                        }
                        if last { out.send(.completed) }
                    } else {
                        out.send(event)
                    }
                }, lifetime)
            }
        }
    }

    /// Each value of `self` paired with the latest value of `other` (values before `other` has one
    /// are dropped); `other` ending changes nothing.
    @inlinable
    static func withLatest<V, E, U>(from other: @escaping Input<U, Never>) -> Transform<V, E, (V, U), E> {
        { downstream, lifetime in
            let latest = LockedState<U?>(nil)
            other(Signal<U, Never>.Observer { event in
                if case let .value(value) = event { latest.withLock { $0 = value } }
            }, lifetime)
            return Signal<V, E>.Observer { event in
                if case let .value(value) = event {
                    if let other = latest.withLock({ $0 }) { downstream.action(.value((value, other))) }
                } else {
                    downstream.forwardTerminal(event)
                }
            }
        }
    }

    /// The latest value of `source` paired with each value of `sampler`, once `source` has one.
    /// Completes when both have completed; fails or interrupts when either does.
    @inlinable
    static func sample<V, E, T>(_ source: @escaping Input<V, E>, with sampler: @escaping Input<T, Never>) -> Input<(V, T), E> {
        { downstream, lifetime in
            let out = serializer(downstream)
            let state = LockedState(LatestPair<V, Bool>())
            source(Signal<V, E>.Observer { event in
                let delivery = state.withLock { pair -> Event<(V, T), E>? in
                    switch event {
                    case let .value(value):
                        pair.a = value
                        return nil
                    case .completed:
                        pair.running -= 1
                        return pair.running == 0 ? out.enqueue(.completed) : nil
                    default:
                        return out.enqueue(event.asTerminal())
                    }
                }
                out.perform(delivery)
            }, lifetime)
            sampler(Signal<T, Never>.Observer { event in
                let delivery = state.withLock { pair -> Event<(V, T), E>? in
                    switch event {
                    case let .value(tick):
                        guard let value = pair.a else { return nil }
                        return out.enqueue(.value((value, tick)))
                    case .completed:
                        pair.running -= 1
                        return pair.running == 0 ? out.enqueue(.completed) : nil
                    case .interrupted:
                        return out.enqueue(.interrupted)
                    }
                }
                out.perform(delivery)
            }, lifetime)
        }
    }
}

/// The state of a two-input `combineLatest`.
@usableFromInline
final class LatestPairState<A, B>: @unchecked Sendable { // safe: `pair` is only touched under the serializer's lock
    @usableFromInline @exclusivity(unchecked) var pair = LatestPair<A, B>()
    @inlinable init() {}
}

// MARK: Signal

extension Signal {
    /// The latest values of both signals whenever either sends, once both have sent.
    @inlinable
    public static func combineLatest<A, B>(_ a: Signal<A, Error>, _ b: Signal<B, Error>) -> Signal<(A, B), Error>
    where Value == (A, B) {
        Signal.deriving(Stage.combineLatest(a.stageInput, b.stageInput))
    }

    /// The latest values of both signals, combined by `reduce`, whenever either sends.
    @inlinable
    public static func combineLatest<A, B>(
        _ a: Signal<A, Error>, _ b: Signal<B, Error>, reduce: @escaping @Sendable (A, B) -> Value
    ) -> Signal<Value, Error> {
        Signal<(A, B), Error>.combineLatest(a, b).map(reduce)
    }

    /// The latest values of three signals whenever any sends, once all have sent.
    @inlinable
    public static func combineLatest<A, B, C>(
        _ a: Signal<A, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>
    ) -> Signal<(A, B, C), Error> where Value == (A, B, C) {
        Signal<((A, B), C), Error>.combineLatest(.combineLatest(a, b), c).map { ($0.0, $0.1, $1) }
    }

    /// The latest values of four signals whenever any sends, once all have sent.
    @inlinable
    public static func combineLatest<A, B, C, D>(
        _ a: Signal<A, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>
    ) -> Signal<(A, B, C, D), Error> where Value == (A, B, C, D) {
        Signal<((A, B, C), D), Error>.combineLatest(.combineLatest(a, b, c), d).map { ($0.0, $0.1, $0.2, $1) }
    }

    /// The latest values of five signals whenever any sends, once all have sent.
    @inlinable
    public static func combineLatest<A, B, C, D, E>(
        _ a: Signal<A, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>,
        _ e: Signal<E, Error>
    ) -> Signal<(A, B, C, D, E), Error> where Value == (A, B, C, D, E) {
        Signal<((A, B, C, D), E), Error>.combineLatest(.combineLatest(a, b, c, d), e)
            .map { ($0.0, $0.1, $0.2, $0.3, $1) }
    }

    /// The latest values of all `signals`, in order, whenever any sends, once all have sent.
    @inlinable
    public static func combineLatest<V>(_ signals: [Signal<V, Error>]) -> Signal<[V], Error> where Value == [V] {
        Signal.deriving(Stage.combineLatest(signals.map(\.stageInput)))
    }

    /// The latest values of all `signals`, combined by `reduce`, whenever any sends.
    @inlinable
    public static func combineLatest<V>(
        _ signals: [Signal<V, Error>], reduce: @escaping @Sendable ([V]) -> Value
    ) -> Signal<Value, Error> {
        Signal<[V], Error>.combineLatest(signals).map(reduce)
    }

    /// Pairs of the n-th values of both signals.
    @inlinable
    public static func zip<A, B>(_ a: Signal<A, Error>, _ b: Signal<B, Error>) -> Signal<(A, B), Error>
    where Value == (A, B) {
        Signal<[any Sendable], Error>.deriving(Stage.zip([
            a.map { $0 as any Sendable }.stageInput, b.map { $0 as any Sendable }.stageInput,
        ])).compactMap { values in
            guard let first = values[0] as? A, let second = values[1] as? B else { return nil }
            return (first, second)
        }
    }

    /// Arrays of the n-th values of all `signals`.
    @inlinable
    public static func zip<V>(_ signals: [Signal<V, Error>]) -> Signal<[V], Error> where Value == [V] {
        Signal.deriving(Stage.zip(signals.map(\.stageInput)))
    }

    /// Every value of every signal as it arrives; completes when all have completed.
    @inlinable
    public static func merge(_ signals: [Signal<Value, Error>]) -> Signal<Value, Error> {
        Signal.deriving(Stage.merge(signals.map(\.stageInput)))
    }

    /// Every value of every signal as it arrives; completes when all have completed.
    @inlinable
    public static func merge(_ signals: Signal<Value, Error>...) -> Signal<Value, Error> { merge(signals) }

    /// This signal's values paired with the latest value of `other`.
    @inlinable
    public func withLatest<U>(from other: Signal<U, Never>) -> Signal<(Value, U), Error> {
        lift(Stage.withLatest(from: other.stageInput))
    }

    /// This signal's values paired with the latest value of `other`, started per observer.
    @inlinable
    public func withLatest<U>(from other: SignalProducer<U, Never>) -> Signal<(Value, U), Error> {
        lift(Stage.withLatest(from: other.stageInput))
    }

    /// The latest value paired with each value of `sampler`.
    @inlinable
    public func sample<T>(with sampler: Signal<T, Never>) -> Signal<(Value, T), Error> {
        Signal<(Value, T), Error>.deriving(Stage.sample(stageInput, with: sampler.stageInput))
    }

    /// The latest value, each time `sampler` sends.
    @inlinable
    public func sample(on sampler: Signal<Void, Never>) -> Signal<Value, Error> {
        sample(with: sampler).map { $0.0 }
    }
}

// MARK: SignalProducer

extension SignalProducer {
    /// The latest values of both producers whenever either sends, once both have sent.
    @inlinable
    public static func combineLatest<A, B>(
        _ a: SignalProducer<A, Error>, _ b: SignalProducer<B, Error>
    ) -> SignalProducer<(A, B), Error> where Value == (A, B) {
        SignalProducer(Stage.combineLatest(a.stageInput, b.stageInput))
    }

    /// The latest values of both producers, combined by `reduce`, whenever either sends.
    @inlinable
    public static func combineLatest<A, B>(
        _ a: SignalProducer<A, Error>, _ b: SignalProducer<B, Error>, reduce: @escaping @Sendable (A, B) -> Value
    ) -> SignalProducer<Value, Error> {
        SignalProducer<(A, B), Error>.combineLatest(a, b).map(reduce)
    }

    /// The latest values of three producers whenever any sends, once all have sent.
    @inlinable
    public static func combineLatest<A, B, C>(
        _ a: SignalProducer<A, Error>, _ b: SignalProducer<B, Error>, _ c: SignalProducer<C, Error>
    ) -> SignalProducer<(A, B, C), Error> where Value == (A, B, C) {
        SignalProducer<((A, B), C), Error>.combineLatest(.combineLatest(a, b), c).map { ($0.0, $0.1, $1) }
    }

    /// The latest values of four producers whenever any sends, once all have sent.
    @inlinable
    public static func combineLatest<A, B, C, D>(
        _ a: SignalProducer<A, Error>, _ b: SignalProducer<B, Error>, _ c: SignalProducer<C, Error>,
        _ d: SignalProducer<D, Error>
    ) -> SignalProducer<(A, B, C, D), Error> where Value == (A, B, C, D) {
        SignalProducer<((A, B, C), D), Error>.combineLatest(.combineLatest(a, b, c), d)
            .map { ($0.0, $0.1, $0.2, $1) }
    }

    /// The latest values of all `producers`, in order, whenever any sends, once all have sent.
    @inlinable
    public static func combineLatest<V>(_ producers: [SignalProducer<V, Error>]) -> SignalProducer<[V], Error>
    where Value == [V] {
        SignalProducer(Stage.combineLatest(producers.map(\.stageInput)))
    }

    /// The latest values of all `producers`, combined by `reduce`, whenever any sends.
    @inlinable
    public static func combineLatest<V>(
        _ producers: [SignalProducer<V, Error>], reduce: @escaping @Sendable ([V]) -> Value
    ) -> SignalProducer<Value, Error> {
        SignalProducer<[V], Error>.combineLatest(producers).map(reduce)
    }

    /// Pairs of the n-th values of both producers.
    @inlinable
    public static func zip<A, B>(
        _ a: SignalProducer<A, Error>, _ b: SignalProducer<B, Error>
    ) -> SignalProducer<(A, B), Error> where Value == (A, B) {
        SignalProducer<[any Sendable], Error>(Stage.zip([
            a.map { $0 as any Sendable }.stageInput, b.map { $0 as any Sendable }.stageInput,
        ])).compactMap { values in
            guard let first = values[0] as? A, let second = values[1] as? B else { return nil }
            return (first, second)
        }
    }

    /// Arrays of the n-th values of all `producers`.
    @inlinable
    public static func zip<V>(_ producers: [SignalProducer<V, Error>]) -> SignalProducer<[V], Error>
    where Value == [V] {
        SignalProducer(Stage.zip(producers.map(\.stageInput)))
    }

    /// Every value of every producer as it arrives; completes when all have completed.
    @inlinable
    public static func merge(_ producers: [SignalProducer<Value, Error>]) -> SignalProducer<Value, Error> {
        SignalProducer(Stage.merge(producers.map(\.stageInput)))
    }

    /// Every value of every producer as it arrives; completes when all have completed.
    @inlinable
    public static func merge(_ producers: SignalProducer<Value, Error>...) -> SignalProducer<Value, Error> {
        merge(producers)
    }

    /// This producer's values paired with the latest value of `other`.
    @inlinable
    public func withLatest<U>(from other: SignalProducer<U, Never>) -> SignalProducer<(Value, U), Error> {
        lift(Stage.withLatest(from: other.stageInput))
    }

    /// This producer's values paired with the latest value of `other`.
    @inlinable
    public func withLatest<U>(from other: Signal<U, Never>) -> SignalProducer<(Value, U), Error> {
        lift(Stage.withLatest(from: other.stageInput))
    }

    /// The latest value paired with each value of `sampler`.
    @inlinable
    public func sample<T>(with sampler: SignalProducer<T, Never>) -> SignalProducer<(Value, T), Error> {
        SignalProducer<(Value, T), Error>(Stage.sample(stageInput, with: sampler.stageInput))
    }

    /// The latest value, each time `sampler` sends.
    @inlinable
    public func sample(on sampler: SignalProducer<Void, Never>) -> SignalProducer<Value, Error> {
        sample(with: sampler).map { $0.0 }
    }
}
