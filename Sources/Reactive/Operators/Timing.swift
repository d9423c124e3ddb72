// Operators on time. They take a `DateScheduler`, so tests drive them with `TestScheduler`.

extension Stage {
    /// Values and completion arrive `interval` later on `scheduler`; failure and interruption
    /// are delivered on `scheduler` at once (values still waiting are then dropped).
    @usableFromInline
    static func delay<V, E>(_ interval: Duration, on scheduler: any DateScheduler) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let out = serializer(downstream)
            let timers = CompositeDisposable()
            lifetime += timers
            return Signal<V, E>.Observer { event in
                switch event {
                case .value, .completed:
                    timers += scheduler.schedule(after: interval) { out.send(event) }
                case .failed, .interrupted:
                    timers += scheduler.schedule { out.send(event) }
                }
            }
        }
    }

    /// At most one value per `interval`, the latest, always delivered on `scheduler`: a value
    /// arriving a whole interval after the last one sent goes out at the scheduler's next turn,
    /// others wait for the interval to end and are replaced by newer ones meanwhile. Terminal
    /// events are delivered on `scheduler` at once; a value still waiting then is dropped.
    @usableFromInline
    static func throttle<V, E>(_ interval: Duration, on scheduler: any DateScheduler) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let out = serializer(downstream)
            let state = LockedState(ThrottleState<V>())
            let timer = SerialDisposable()
            lifetime += timer
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    let now = scheduler.now
                    let due = state.withLock { throttle -> SchedulerInstant in
                        throttle.pending = value
                        var due = now
                        if let previous = throttle.lastSent, previous <= now { due = previous.advanced(by: interval) }
                        return max(due, now)
                    }
                    timer.inner = scheduler.schedule(at: due) {
                        let value = state.withLock { throttle -> V? in
                            defer { throttle.pending = nil }
                            if throttle.pending != nil { throttle.lastSent = due }
                            return throttle.pending
                        }
                        if let value { out.send(.value(value)) }
                    }
                default:
                    scheduler.schedule { out.send(event) }
                }
            }
        }
    }

    /// Sends a value once `interval` has passed without a newer one, on `scheduler`. On
    /// completion a waiting value is dropped when `discardWhenCompleted`, else sent when its
    /// interval ends, followed by the completion. Terminal events are delivered on `scheduler`.
    @usableFromInline
    static func debounce<V, E>(
        _ interval: Duration, on scheduler: any DateScheduler, discardWhenCompleted: Bool
    ) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let out = serializer(downstream)
            let timer = SerialDisposable()
            let state = LockedState(DebounceState<V>())
            lifetime += timer
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    let now = scheduler.now
                    state.withLock {
                        $0.pending = value
                        $0.lastUpdated = now
                    }
                    timer.inner = scheduler.schedule(at: now.advanced(by: interval)) {
                        if let value = state.withLock({ $0.take() }) { out.send(.value(value)) }
                    }
                case .completed:
                    timer.dispose()
                    let (pending, lastUpdated) = state.withLock { ($0.take(), $0.lastUpdated) }
                    if !discardWhenCompleted, let pending {
                        scheduler.schedule(at: lastUpdated.advanced(by: interval)) {
                            out.send(.value(pending))
                            out.send(.completed)
                        }
                    } else {
                        scheduler.schedule { out.send(.completed) }
                    }
                default:
                    timer.dispose()
                    scheduler.schedule { out.send(event) }
                }
            }
        }
    }

    /// Fails with `error` if no terminal event arrives within `interval`.
    @usableFromInline
    static func timeout<V, E>(
        after interval: Duration, raising error: E, on scheduler: any DateScheduler
    ) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let out = serializer(downstream)
            lifetime += scheduler.schedule(after: interval) { out.send(.failed(error)) }
            return Signal<V, E>.Observer { event in out.send(event) }
        }
    }

    /// Delivers every event through `scheduler`, in order.
    @usableFromInline
    static func observe<V, E>(on scheduler: any Scheduler) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            Signal<V, E>.Observer { event in
                scheduler.schedule {
                    if !lifetime.hasEnded || event.isTerminating { downstream.action(event) }
                }
            }
        }
    }
}

extension Signal {
    /// Sends values and completion `interval` later on `scheduler`; failure and interruption on
    /// `scheduler` at once.
    public func delay(_ interval: Duration, on scheduler: any DateScheduler) -> Signal<Value, Error> {
        lift(Stage.delay(interval, on: scheduler))
    }

    /// At most one value per `interval`, the latest one, delivered on `scheduler` (see `Stage.throttle`).
    public func throttle(_ interval: Duration, on scheduler: any DateScheduler) -> Signal<Value, Error> {
        lift(Stage.throttle(interval, on: scheduler))
    }

    /// A value once `interval` passes with no newer one, on `scheduler`; a value still waiting
    /// at completion is dropped unless `discardWhenCompleted` is false.
    public func debounce(
        _ interval: Duration, on scheduler: any DateScheduler, discardWhenCompleted: Bool = true
    ) -> Signal<Value, Error> {
        lift(Stage.debounce(interval, on: scheduler, discardWhenCompleted: discardWhenCompleted))
    }

    /// Fails with `error` unless the signal terminates within `interval`.
    public func timeout(after interval: Duration, raising error: Error, on scheduler: any DateScheduler) -> Signal<Value, Error> {
        lift(Stage.timeout(after: interval, raising: error, on: scheduler))
    }

    /// Delivers events on `scheduler` (for example the main loop), in order.
    public func observe(on scheduler: any Scheduler) -> Signal<Value, Error> {
        lift(Stage.observe(on: scheduler))
    }
}

extension SignalProducer {
    /// Sends values and completion `interval` later on `scheduler`; failure and interruption on
    /// `scheduler` at once.
    public func delay(_ interval: Duration, on scheduler: any DateScheduler) -> SignalProducer<Value, Error> {
        lift(Stage.delay(interval, on: scheduler))
    }

    /// At most one value per `interval`, the latest one, delivered on `scheduler` (see `Stage.throttle`).
    public func throttle(_ interval: Duration, on scheduler: any DateScheduler) -> SignalProducer<Value, Error> {
        lift(Stage.throttle(interval, on: scheduler))
    }

    /// A value once `interval` passes with no newer one, on `scheduler`; a value still waiting
    /// at completion is dropped unless `discardWhenCompleted` is false.
    public func debounce(
        _ interval: Duration, on scheduler: any DateScheduler, discardWhenCompleted: Bool = true
    ) -> SignalProducer<Value, Error> {
        lift(Stage.debounce(interval, on: scheduler, discardWhenCompleted: discardWhenCompleted))
    }

    /// Fails with `error` unless the producer terminates within `interval`.
    public func timeout(
        after interval: Duration, raising error: Error, on scheduler: any DateScheduler
    ) -> SignalProducer<Value, Error> {
        lift(Stage.timeout(after: interval, raising: error, on: scheduler))
    }

    /// Delivers events on `scheduler` (for example the main loop), in order.
    public func observe(on scheduler: any Scheduler) -> SignalProducer<Value, Error> {
        lift(Stage.observe(on: scheduler))
    }

    /// Runs the start handler (the work itself) on `scheduler`.
    public func start(on scheduler: any Scheduler) -> SignalProducer<Value, Error> {
        let handler = startHandler
        return SignalProducer { observer, lifetime in
            lifetime += scheduler.schedule {
                if !lifetime.hasEnded { handler(observer, lifetime) }
            }
        }
    }
}

extension SignalProducer where Value == SchedulerInstant, Error == Never {
    /// Sends the scheduler's time every `interval`, forever (until disposed).
    public static func timer(every interval: Duration, on scheduler: any DateScheduler) -> SignalProducer {
        SignalProducer { observer, lifetime in
            lifetime += scheduler.schedule(at: scheduler.now.advanced(by: interval), repeatingEvery: interval) {
                observer.send(value: scheduler.now)
            }
        }
    }
}

extension SignalProducer where Value == SchedulerInstant, Error == Never {
    /// Sends the scheduler's time every `interval`, until disposed: ReactiveSwift's spelling of
    /// `timer(every:on:)`.
    public static func timer(interval: Duration, on scheduler: any DateScheduler) -> SignalProducer {
        timer(every: interval, on: scheduler)
    }
}

extension SignalProducer where Error == Never {
    /// Sends the next element of `values` every `interval` on `scheduler`, and completes after
    /// the last (an endless sequence never completes: dispose the start).
    public static func interval<S: Sequence & Sendable>(
        _ values: S, interval: Duration, on scheduler: any DateScheduler
    ) -> SignalProducer where S.Element == Value {
        SignalProducer { observer, lifetime in
            let iterator = LockedState(values.makeIterator())
            let timer = SerialDisposable()
            lifetime += timer
            timer.inner = scheduler.schedule(at: scheduler.now.advanced(by: interval), repeatingEvery: interval) {
                if let value = iterator.withLock({ $0.next() }) {
                    observer.send(value: value)
                } else {
                    timer.dispose()
                    observer.sendCompleted()
                }
            }
        }
    }
}

extension SignalProducer where Value == Int, Error == Never {
    /// Sends 0, 1, 2, … every `interval` on `scheduler`, until disposed.
    public static func interval(_ interval: Duration, on scheduler: any DateScheduler) -> SignalProducer {
        .interval(0..., interval: interval, on: scheduler)
    }
}
