import Synchronization

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

/// The inner streams of a `.merge` or `.concat` flatten: how many run, and those waiting.
@usableFromInline
struct ConcurrentFlattenState<U: Sendable, E: Swift.Error> {
    @usableFromInline let limit: Int
    @usableFromInline var outerDone = false
    @usableFromInline var active = 0
    /// Waiting inners from `head` on; consumed in place so a long queue costs O(1) per start.
    @usableFromInline var waiting: [SignalProducer<U, E>] = []
    @usableFromInline var head = 0
    @inlinable init(limit: Int) { self.limit = limit }
    @inlinable var isFinished: Bool { outerDone && active == 0 && head == waiting.count }

    /// The next inner to start, if one may start now.
    @inlinable
    mutating func dequeue() -> SignalProducer<U, E>? {
        guard active < limit, head < waiting.count else { return nil }
        active += 1
        let next = waiting[head]
        head += 1
        if head == waiting.count {
            waiting.removeAll(keepingCapacity: waiting.count <= 64)
            head = 0
        } else if head >= 1024, head * 2 >= waiting.count {
            waiting.removeFirst(head)
            head = 0
        }
        return next
    }
}

/// The inner stream of a `.latest` flatten.
@usableFromInline
struct LatestFlattenState {
    @usableFromInline var outerDone = false
    @usableFromInline var innerRunning = false
    @usableFromInline var generation = 0
    @inlinable init() {}
}

extension Stage {
    /// Flattens the streams `transform` makes from each value. An inner stream that completes
    /// or is interrupted simply ends; a failure of any stream fails the result; the result
    /// completes once the outer stream and every inner stream have ended.
    @inlinable
    static func flatMap<V, E, U>(
        _ strategy: FlattenStrategy, _ transform: @escaping @Sendable (V) -> SignalProducer<U, E>
    ) -> Transform<V, E, U, E> {
        switch strategy {
        case .merge: return flatMapConcurrent(limit: .max, transform)
        case .concat: return flatMapConcurrent(limit: 1, transform)
        case .latest: return flatMapLatest(transform)
        }
    }

    /// `.merge` (no limit) and `.concat` (one at a time). Inners that end synchronously while
    /// being started are followed by a loop, not by recursion, so any number of queued inners
    /// can end at once without deepening the stack.
    @inlinable
    static func flatMapConcurrent<V, E, U>(
        limit: Int, _ transform: @escaping @Sendable (V) -> SignalProducer<U, E>
    ) -> Transform<V, E, U, E> {
        { downstream, lifetime in
            let out = serializer(downstream)
            let state = LockedState(ConcurrentFlattenState<U, E>(limit: limit))
            let inners = CompositeDisposable()
            lifetime += inners

            @Sendable func startNextIfNeeded() {
                while let producer = state.withLock({ $0.dequeue() }) {
                    let starting = Atomic<Bool>(true)
                    let entry = SerialDisposable()
                    let handle = inners.add(entry)
                    entry.inner = producer.start(Signal<U, E>.Observer { event in
                        switch event {
                        case .value, .failed:
                            out.send(event)
                        case .completed, .interrupted:
                            handle?.dispose()
                            let complete = state.withLock { flatten -> Bool in
                                flatten.active -= 1
                                return flatten.isFinished
                            }
                            if complete {
                                out.send(.completed)
                            } else if !starting.load(ordering: .acquiring) {
                                startNextIfNeeded()
                            }
                        }
                    })
                    starting.store(false, ordering: .releasing)
                }
            }

            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    let producer = transform(value)
                    state.withLock { $0.waiting.append(producer) }
                    startNextIfNeeded()
                case .completed:
                    let complete = state.withLock { flatten -> Bool in
                        flatten.outerDone = true
                        return flatten.isFinished
                    }
                    if complete { out.send(.completed) }
                default:
                    out.send(event.asTerminal())
                }
            }
        }
    }

    /// `.latest`: a new inner interrupts the previous one, whose events are ignored from then on.
    /// The flatten's state is guarded by its output relay's lock, so an inner value is checked
    /// and committed in one critical section.
    @inlinable
    static func flatMapLatest<V, E, U>(
        _ transform: @escaping @Sendable (V) -> SignalProducer<U, E>
    ) -> Transform<V, E, U, E> {
        { downstream, lifetime in
            let out = serializer(downstream)
            let state = RelayGuarded(LatestFlattenState())
            let current = SerialRun<SerialRun<SerialRelay<U, E>>>()
            lifetime += current

            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    let producer = transform(value)
                    let bits = out.lockState()
                    state.value.generation += 1
                    state.value.innerRunning = true
                    let generation = state.value.generation
                    out.unlockState(bits)
                    let entry = SerialRun<SerialRelay<U, E>>()
                    current.replace(with: entry)
                    entry.replace(with: producer.start(observer: Signal<U, E>.Observer { event in
                        var bits = out.lockState()
                        var owned: Event<U, E>?
                        switch event {
                        case .value:
                            if state.value.generation == generation { owned = out.enqueueLocked(event, &bits) }
                        case .failed:
                            owned = out.enqueueLocked(event, &bits)
                        case .completed, .interrupted:
                            // An inner replaced by a newer one is interrupted on purpose: not an end.
                            if state.value.generation == generation {
                                state.value.innerRunning = false
                                if state.value.outerDone { owned = out.enqueueLocked(.completed, &bits) }
                            }
                        }
                        out.unlockState(bits)
                        out.perform(owned)
                    }))
                case .completed:
                    var bits = out.lockState()
                    state.value.outerDone = true
                    let owned = state.value.innerRunning ? nil : out.enqueueLocked(.completed, &bits)
                    out.unlockState(bits)
                    out.perform(owned)
                default:
                    out.send(event.asTerminal())
                }
            }
        }
    }

    /// On failure, continues with the producer `handler` makes from the error.
    @inlinable
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
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy, _ transform: @escaping @Sendable (Value) -> SignalProducer<U, Error>
    ) -> Signal<U, Error> {
        lift(Stage.flatMap(strategy, transform))
    }

    /// Maps each value to a signal and flattens them with `strategy`.
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy, _ transform: @escaping @Sendable (Value) -> Signal<U, Error>
    ) -> Signal<U, Error> {
        flatMap(strategy) { transform($0).producer }
    }

    /// On failure, continues with the producer `handler` makes from the error.
    @inlinable
    public func flatMapError<F>(
        _ handler: @escaping @Sendable (Error) -> SignalProducer<Value, F>
    ) -> Signal<Value, F> {
        lift(Stage.flatMapError(handler))
    }
}

extension Signal {
    /// Sends `value` to each new observer first, then this signal's events.
    @inlinable
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
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Error> {
        flatMap(strategy) { $0.producer }
    }

    /// Forwards only the latest inner stream: `flatten(.latest)`.
    @inlinable
    public func switchToLatest() -> Signal<Value.Value, Error> { flatten(.latest) }
}

extension SignalProducer {
    /// Maps each value to a producer and flattens them with `strategy`.
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy, _ transform: @escaping @Sendable (Value) -> SignalProducer<U, Error>
    ) -> SignalProducer<U, Error> {
        lift(Stage.flatMap(strategy, transform))
    }

    /// Maps each value to a signal and flattens them with `strategy`.
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy, _ transform: @escaping @Sendable (Value) -> Signal<U, Error>
    ) -> SignalProducer<U, Error> {
        flatMap(strategy) { transform($0).producer }
    }

    /// On failure, continues with the producer `handler` makes from the error.
    @inlinable
    public func flatMapError<F>(
        _ handler: @escaping @Sendable (Error) -> SignalProducer<Value, F>
    ) -> SignalProducer<Value, F> {
        lift(Stage.flatMapError(handler))
    }

    /// This producer's events, then, once it completes, those of `next`.
    @inlinable
    public func concat(_ next: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        SignalProducer<SignalProducer<Value, Error>, Error>(values: [self, next]).flatten(.concat)
    }

    /// `value` first, then this producer's events.
    @inlinable
    public func prefix(value: Value) -> SignalProducer<Value, Error> {
        SignalProducer(value: value).concat(self)
    }

    /// Waits for this producer to complete, ignoring its values, then continues with `replacement`.
    @inlinable
    public func then<U>(_ replacement: SignalProducer<U, Error>) -> SignalProducer<U, Error> {
        filter { _ in false }.flatMap(.concat) { _ in SignalProducer<U, Error>.empty }.concat(replacement)
    }

    /// Restarts the producer after a failure, at most `count` times; the last failure is forwarded.
    @inlinable
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

extension SignalProducer {
    /// Restarts the producer after a failure, at most `count` times, waiting `interval` on
    /// `scheduler` before each new attempt; the last failure is forwarded at once.
    @inlinable
    public func retry(upTo count: Int, interval: Duration, on scheduler: any DateScheduler) -> SignalProducer<Value, Error> {
        guard count > 0 else { return self }
        let upstream = self
        return SignalProducer { observer, lifetime in
            let retries = LockedState(count)
            upstream.flatMapError { error -> SignalProducer<Value, Error> in
                let retrying = retries.withLock { left -> Bool in
                    defer { left -= 1 }
                    return left > 0
                }
                let failure = SignalProducer<Value, Error>(error: error)
                return retrying ? SignalProducer<Value, Error>.empty.delay(interval, on: scheduler).concat(failure) : failure
            }
            .retry(upTo: count)
            .attach(observer, during: lifetime)
        }
    }
}

extension SignalProducer where Value: SignalProducerConvertible, Value.Error == Error {
    /// Flattens a producer of streams with `strategy`.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Error> {
        flatMap(strategy) { $0.producer }
    }

    /// Forwards only the latest inner stream: `flatten(.latest)`.
    @inlinable
    public func switchToLatest() -> SignalProducer<Value.Value, Error> { flatten(.latest) }
}
