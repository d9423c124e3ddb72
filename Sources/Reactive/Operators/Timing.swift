// Operators on time. They take a `DateScheduler`, so tests drive them with `TestScheduler`.

extension Stage {
    /// Values and completion arrive `interval` later on `scheduler`; failure and interruption at once.
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
                    timers.dispose()
                    out.send(event)
                }
            }
        }
    }

    /// At most one value per `interval`: the first at once, then the latest at the end of the
    /// interval. A pending value is sent before completion, none is lost.
    @usableFromInline
    static func throttle<V, E>(_ interval: Duration, on scheduler: any DateScheduler) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let out = serializer(downstream)
            let throttle = Throttle<V>(interval: interval)
            lifetime.observeEnded { throttle.cancel() }
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    switch throttle.offer(value, at: scheduler.now) {
                    case .send:
                        out.send(.value(value))
                    case .hold:
                        break
                    case let .holdAndSchedule(due, ticket):
                        let timer = scheduler.schedule(at: due) {
                            if let value = throttle.fire(at: scheduler.now) { out.send(.value(value)) }
                        }
                        throttle.setTimer(timer, ticket: ticket)
                    }
                case .completed:
                    if let pending = throttle.takePending() { out.send(.value(pending)) }
                    out.send(.completed)
                default:
                    throttle.cancel()
                    out.send(event)
                }
            }
        }
    }

    /// Sends a value once `interval` has passed without a newer one. On completion a pending
    /// value is dropped unless `flushOnCompletion`.
    @usableFromInline
    static func debounce<V, E>(
        _ interval: Duration, on scheduler: any DateScheduler, flushOnCompletion: Bool
    ) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let out = serializer(downstream)
            let timer = SerialDisposable()
            let pending = LockedState<V?>(nil)
            lifetime += timer
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    pending.withLock { $0 = value }
                    timer.inner = scheduler.schedule(after: interval) {
                        if let value = pending.withLock({ current -> V? in defer { current = nil }; return current }) {
                            out.send(.value(value))
                        }
                    }
                case .completed:
                    timer.dispose()
                    let last = pending.withLock { current -> V? in defer { current = nil }; return current }
                    if flushOnCompletion, let last { out.send(.value(last)) }
                    out.send(.completed)
                default:
                    timer.dispose()
                    out.send(event)
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
    /// Sends values and completion `interval` later on `scheduler`; failure and interruption at once.
    public func delay(_ interval: Duration, on scheduler: any DateScheduler) -> Signal<Value, Error> {
        lift(Stage.delay(interval, on: scheduler))
    }

    /// At most one value per `interval`, the latest one; the first passes at once.
    public func throttle(_ interval: Duration, on scheduler: any DateScheduler) -> Signal<Value, Error> {
        lift(Stage.throttle(interval, on: scheduler))
    }

    /// A value once `interval` passes with no newer one.
    public func debounce(
        _ interval: Duration, on scheduler: any DateScheduler, flushOnCompletion: Bool = false
    ) -> Signal<Value, Error> {
        lift(Stage.debounce(interval, on: scheduler, flushOnCompletion: flushOnCompletion))
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
    /// Sends values and completion `interval` later on `scheduler`; failure and interruption at once.
    public func delay(_ interval: Duration, on scheduler: any DateScheduler) -> SignalProducer<Value, Error> {
        lift(Stage.delay(interval, on: scheduler))
    }

    /// At most one value per `interval`, the latest one; the first passes at once.
    public func throttle(_ interval: Duration, on scheduler: any DateScheduler) -> SignalProducer<Value, Error> {
        lift(Stage.throttle(interval, on: scheduler))
    }

    /// A value once `interval` passes with no newer one.
    public func debounce(
        _ interval: Duration, on scheduler: any DateScheduler, flushOnCompletion: Bool = false
    ) -> SignalProducer<Value, Error> {
        lift(Stage.debounce(interval, on: scheduler, flushOnCompletion: flushOnCompletion))
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
