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
        let mustStart = run == nil
        if mustStart { run = AnyDisposable() }
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
        let stillWanted = run != nil && terminal == nil
        if stillWanted { run = disposable }
        lock.unlock()
        if !stillWanted { disposable.dispose() }
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

    /// Removes a consumer; when the last one leaves before the end, the upstream is disposed and
    /// a later consumer starts it afresh.
    private func detach(_ consumer: Consumer) {
        lock.lock()
        consumers.remove(consumer, at: consumer.slot)
        var stop: (any Disposable)?
        if consumers.count == 0, terminal == nil {
            stop = run
            run = nil
            buffer = []
        }
        lock.unlock()
        stop?.dispose()
    }
}

extension SignalProducer {
    /// Shares one run between all starts: the first start starts the work, later starts first
    /// receive up to `capacity` of the latest values (and the end, if the work has ended), then
    /// live events. When every consumer has gone before the work ended, the work is disposed and
    /// the next start begins it again.
    public func replayLazily(upTo capacity: Int) -> SignalProducer<Value, Error> {
        let state = ReplayState(upstream: self, capacity: capacity)
        return SignalProducer { observer, lifetime in state.attach(observer, during: lifetime) }
    }
}
