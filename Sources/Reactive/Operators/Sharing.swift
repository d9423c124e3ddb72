// Sharing one run of a producer between several consumers.

/// The shared state behind `replayLazily`.
final class ReplayState<Value: Sendable, Error: Swift.Error>: @unchecked Sendable {
    // Every `var` is guarded by `lock`; consumers are called only with it released.
    private let lock = SpinLock()
    private let capacity: Int
    private let upstream: SignalProducer<Value, Error>
    private var buffer: [Value] = []
    private var terminal: Event<Value, Error>?
    private var consumers = Bag()
    private var run: (any Disposable)?
    private var isStarted = false
    private var isStopped = false

    private final class Consumer: @unchecked Sendable { // safe: `slot` is written once, under the state's lock
        let relay: SerialRelay<Value, Error>
        var slot = -1
        init(_ relay: SerialRelay<Value, Error>) { self.relay = relay }
    }

    init(upstream: SignalProducer<Value, Error>, capacity: Int) {
        self.upstream = upstream
        self.capacity = max(0, capacity)
    }

    deinit { run?.dispose() }

    /// Adds a consumer: it first receives the buffered values (and the end, if there was one),
    /// then live events. The first consumer starts the upstream.
    func attach(_ observer: Signal<Value, Error>.Observer, during lifetime: Lifetime) {
        let consumer = Consumer(SerialRelay(observer))
        lock.lock()
        var owned: Event<Value, Error>?
        for value in buffer {
            let event = consumer.relay.enqueue(.value(value))
            owned = owned ?? event
        }
        if let terminal {
            let event = consumer.relay.enqueue(terminal)
            owned = owned ?? event
            lock.unlock()
            consumer.relay.perform(owned)
            return
        }
        consumer.slot = consumers.insert(consumer)
        let mustStart = !isStarted
        isStarted = true
        lock.unlock()
        consumer.relay.perform(owned)
        lifetime.observeEnded { [weak self] in self?.detach(consumer) }
        if mustStart { startUpstream() }
    }

    private func startUpstream() {
        let disposable = upstream.start(Signal<Value, Error>.Observer { [weak self] event in
            self?.receive(event)
        })
        lock.lock()
        let stillWanted = !isStopped && terminal == nil
        if stillWanted { run = disposable }
        lock.unlock()
        if !stillWanted { disposable.dispose() }
    }

    /// Stops the run: the producer is gone and so is every consumer.
    func stop() {
        lock.lock()
        isStopped = true
        let run = self.run
        self.run = nil
        lock.unlock()
        run?.dispose()
    }

    private func receive(_ event: Event<Value, Error>) {
        lock.lock()
        switch event {
        case let .value(value):
            if capacity > 0 {
                buffer.append(value)
                if buffer.count > capacity { buffer.removeFirst(buffer.count - capacity) }
            }
        default:
            terminal = event
            run = nil
        }
        var deliveries: [(SerialRelay<Value, Error>, Event<Value, Error>)] = []
        for case let object? in consumers.slots {
            let relay = unsafeDowncast(object, to: Consumer.self).relay
            if let owned = relay.enqueue(event) { deliveries.append((relay, owned)) }
        }
        if event.isTerminating { _ = consumers.removeAll() }
        lock.unlock()
        for (relay, owned) in deliveries { relay.perform(owned) }
    }

    /// Removes a consumer; the run goes on for later ones.
    private func detach(_ consumer: Consumer) {
        lock.lock()
        consumers.remove(consumer, at: consumer.slot)
        lock.unlock()
    }
}

/// Stops a `replayLazily` run once the producer and every consumer's start are gone.
final class ReplayOwner<Value: Sendable, Error: Swift.Error>: Sendable {
    let state: ReplayState<Value, Error>
    init(_ state: ReplayState<Value, Error>) { self.state = state }
    deinit { state.stop() }
}

extension SignalProducer {
    /// Shares one run between all starts: the first start starts the work, which then runs to
    /// its end (it is never started again); later starts first receive up to `capacity` of the
    /// latest values (and the end, if the work has ended), then live events. A consumer leaving
    /// does not stop the work; it is disposed only once the returned producer and every start
    /// of it are gone.
    public func replayLazily(upTo capacity: Int) -> SignalProducer<Value, Error> {
        let owner = ReplayOwner(ReplayState(upstream: self, capacity: capacity))
        return SignalProducer { observer, lifetime in
            lifetime.observeEnded { withExtendedLifetime(owner) {} }
            owner.state.attach(observer, during: lifetime)
        }
    }
}
