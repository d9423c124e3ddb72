import Synchronization

/// The engine behind every signal: multicasts events to its observers, in order, one at a time.
///
/// Delivery contract:
/// - Events reach observers serially: never two at once, never out of the order they were sent.
/// - A send that arrives while an event is being delivered — from an observer of this very signal
///   (re-entrancy) or from another thread — is queued and returns at once. The delivering thread
///   delivers it after the current event has reached every observer ("breadth-first"). So a send
///   never blocks on observers and can never deadlock, whatever the observers do.
/// - An observer attached during a delivery receives only later events; an observer disposed during
///   a delivery receives nothing more, not even the event in flight.
/// - After the terminal event every observer is released.
///
/// Observers live in a `Bag`, so attaching and detaching are O(1) at any number of observers.
@usableFromInline
final class SignalCore<Value: Sendable, Error: Swift.Error>: ObserverRegistry, Disposable, @unchecked Sendable { // safe: see below
    // Every `var` below is guarded by `lock`; observers are only ever called with `lock` released.

    @usableFromInline typealias Action = @Sendable (Event<Value, Error>) -> Void

    /// What an observer wants called: every event, or values only (stored directly, so observing
    /// values allocates no wrapper closure).
    @usableFromInline
    enum Handler: Sendable {
        case events(Action)
        case values(@Sendable (Value) -> Void)
        /// An observer object, retained by hand (`Subscriber` releases it): a delivery calls its
        /// immutable `action` through a borrowed reference, with no retain and release per event.
        case observer(Unmanaged<Signal<Value, Error>.Observer>)
    }

    /// An attached observer with its event handler.
    @usableFromInline
    final class Subscriber: Subscription, @unchecked Sendable { // safe: see `handler`
        // `handler` is read by the delivering thread without the lock and cleared only when no
        // delivery is running (see `ObserverRegistry`), so reads and the one write never overlap.
        @usableFromInline @exclusivity(unchecked) var handler: Handler?
        /// Whether `handler` holds an observer object this subscriber still has to release
        /// (checked first, so that freeing any other subscriber does not copy its handler).
        @usableFromInline @exclusivity(unchecked) var ownsObserver: Bool

        @inlinable
        init(_ handler: Handler, core: SignalCore) {
            self.handler = handler
            if case .observer = handler { ownsObserver = true } else { ownsObserver = false }
            super.init(registry: core)
        }

        @inlinable
        func action(_ event: Event<Value, Error>) {
            switch handler {
            case let .observer(observer)?: observer._withUnsafeGuaranteedRef { $0.action(event) }
            case let .events(action)?: action(event)
            case let .values(action)?: if case let .value(value) = event { action(value) }
            case nil: break
            }
        }

        @usableFromInline
        override func releaseHandler() {
            if ownsObserver, case let .observer(observer)? = handler {
                ownsObserver = false
                observer.release()
            }
            handler = nil
        }

        deinit {
            if ownsObserver, case let .observer(observer)? = handler { observer.release() }
        }
    }

    @usableFromInline
    enum Pending {
        case event(Event<Value, Error>)
        case attach(Subscriber)
    }

    @usableFromInline @exclusivity(unchecked) var drainer: UInt = 0
    @usableFromInline @exclusivity(unchecked) var pending: ContiguousArray<Pending> = []
    @usableFromInline @exclusivity(unchecked) var isTerminated = false
    @usableFromInline @exclusivity(unchecked) var terminal: Event<Value, Error>?
    /// For properties: the latest value sent (what `value` reads).
    @usableFromInline @exclusivity(unchecked) var current: Value?
    /// For properties: the latest value whose delivery has begun (what a new observer starts from).
    @usableFromInline @exclusivity(unchecked) var delivered: Value?
    @usableFromInline let tracksValue: Bool
    @usableFromInline let onTerminated: (@Sendable () -> Void)?

    @inlinable
    init(current: Value? = nil, onTerminated: (@Sendable () -> Void)? = nil) {
        self.tracksValue = current != nil
        self.current = current
        self.delivered = current
        self.onTerminated = onTerminated
        super.init()
    }

    // MARK: Sending

    /// Sends `event` to every observer (or queues it, see the type's contract).
    @inlinable
    func send(_ event: Event<Value, Error>) {
        // The steady path: a value sent to an idle core. One compare-and-swap takes the lock,
        // one store gives it back marked as delivering, one compare-and-swap ends the delivery.
        if case let .value(value) = event, lock.tryLockIdle() {
            if isTerminated {
                lock.unlock()
                return
            }
            if tracksValue {
                current = value
                delivered = value
            }
            drainer = currentThreadID()
            snapshotIsBorrowed = true
            // The pointer outlives the closure on purpose: the buffer stays allocated and
            // unchanged until the delivery ends (see `protectSnapshotLocked`).
            let buffer = observers.slots.withUnsafeBufferPointer { $0 }
            lock.unlockDelivering()
            deliver(event, to: buffer)
            finishDelivering()
            return
        }
        sendContended(event)
    }

    @inlinable
    func sendContended(_ event: Event<Value, Error>) {
        lock.lock()
        let delivery = enqueueLocked(event)
        lock.unlock()
        if let delivery { perform(delivery) }
    }

    /// The observers a delivery goes to: for a value, the bag's buffer itself, borrowed (kept
    /// alive by `protectSnapshotLocked` if the bag changes meanwhile); for the terminal event,
    /// the bag's contents, taken out of it.
    @usableFromInline
    struct Snapshot {
        @usableFromInline let borrowed: UnsafeBufferPointer<AnyObject?>
        @usableFromInline let owned: ContiguousArray<AnyObject?>?

        @inlinable
        init(borrowed: UnsafeBufferPointer<AnyObject?>) {
            self.borrowed = borrowed
            self.owned = nil
        }

        @inlinable
        init(owned: ContiguousArray<AnyObject?>) {
            self.borrowed = UnsafeBufferPointer(start: nil, count: 0)
            self.owned = owned
        }
    }

    /// A delivery this thread owns: the event and the observers to give it to.
    @usableFromInline
    struct Delivery {
        @usableFromInline let event: Event<Value, Error>
        @usableFromInline let snapshot: Snapshot

        @inlinable
        init(event: Event<Value, Error>, snapshot: Snapshot) {
            self.event = event
            self.snapshot = snapshot
        }
    }

    /// Delivers an owned delivery, then whatever was queued meanwhile. Call with no lock held.
    @inlinable
    func perform(_ delivery: Delivery) {
        deliver(delivery.event, to: delivery.snapshot)
        finishDelivering()
    }

    /// Performs `delivery` if there is one.
    @inlinable
    func perform(_ delivery: Delivery?) {
        if let delivery { perform(delivery) }
    }

    /// Commits `event` in order while the caller holds `lock`. Returns the delivery when this
    /// thread must perform it (call `perform` once every lock is released), `nil` when it was
    /// queued for the delivering thread or dropped after termination.
    @inlinable
    func enqueueLocked(_ event: Event<Value, Error>) -> Delivery? {
        if isTerminated { return nil }
        if event.isTerminating { isTerminated = true }
        if tracksValue, case let .value(value) = event { current = value }
        if isDelivering {
            pending.append(.event(event))
            lock.setAttention(true)
            return nil
        }
        isDelivering = true
        drainer = currentThreadID()
        return Delivery(event: event, snapshot: snapshotLocked(for: event))
    }

    @inlinable
    func snapshotLocked(for event: Event<Value, Error>) -> Snapshot {
        switch event {
        case let .value(value):
            if tracksValue { delivered = value }
            snapshotIsBorrowed = true
            // The pointer outlives the closure on purpose: the buffer stays allocated and
            // unchanged until the delivery ends (see `protectSnapshotLocked`).
            return Snapshot(borrowed: observers.slots.withUnsafeBufferPointer { $0 })
        default:
            terminal = event
            isSealed = true
            whenUnobserved = nil
            return Snapshot(owned: observers.removeAll())
        }
    }

    @inlinable
    func deliver(_ event: Event<Value, Error>, to snapshot: Snapshot) {
        if let owned = snapshot.owned {
            owned.withUnsafeBufferPointer { deliver(event, to: $0) }
            for case let object? in owned {
                let subscriber = unsafeDowncast(object, to: Subscriber.self)
                subscriber.slot.store(-1, ordering: .relaxed)
                subscriber.releaseHandler()
            }
            onTerminated?()
        } else {
            deliver(event, to: snapshot.borrowed)
        }
    }

    @inlinable
    func deliver(_ event: Event<Value, Error>, to buffer: UnsafeBufferPointer<AnyObject?>) {
        // The buffer keeps every subscriber alive for the whole loop, so each is borrowed
        // rather than retained: its slot is read as a bare pointer (an `AnyObject?` is one
        // pointer, null for nil), which loading as an object would retain.
        guard let base = buffer.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        for index in 0..<buffer.count {
            guard let bits = raw.load(fromByteOffset: index &* MemoryLayout<AnyObject?>.stride, as: UnsafeRawPointer?.self) else { continue }
            Unmanaged<Subscriber>.fromOpaque(bits)._withUnsafeGuaranteedRef { subscriber in
                if subscriber.isActive { subscriber.action(event) }
            }
        }
    }

    /// Ends this thread's delivery: one compare-and-swap when nothing happened meanwhile.
    @inlinable
    func finishDelivering() {
        if lock.tryEndDelivering() { return }
        finishDeliveringContended()
    }

    @usableFromInline
    func finishDeliveringContended() {
        lock.lock()
        snapshotIsBorrowed = false
        if pending.isEmpty {
            isDelivering = false
            lock.setAttention(false)
            let retired = self.retired
            self.retired = []
            let kept = keptSnapshots
            keptSnapshots = []
            lock.unlock()
            releaseRetired(retired)
            withExtendedLifetime(kept) {}
            return
        }
        lock.unlock()
        drainPending()
    }

    /// Delivers queued events and attachments until none are left.
    @inlinable
    func drainPending() {
        var index = 0
        lock.lock()
        while index < pending.count {
            let item = pending[index]
            index += 1
            switch item {
            case let .event(event):
                let snapshot = snapshotLocked(for: event)
                lock.unlock()
                deliver(event, to: snapshot)
            case let .attach(subscriber):
                guard subscriber.slot.load(ordering: .relaxed) == Subscription.awaitingAttachment else {
                    retired.append(subscriber)
                    continue
                }
                let start = insertOrFinishLocked(subscriber, expecting: Subscription.awaitingAttachment)
                lock.unlock()
                start.run(subscriber)
            }
            lock.lock()
            // The last delivery has ended: nobody reads the buffer it borrowed any more.
            snapshotIsBorrowed = false
            if index >= 64 && index * 2 >= pending.count {
                pending.removeFirst(index)
                index = 0
            }
        }
        pending.removeAll(keepingCapacity: pending.capacity <= 64)
        isDelivering = false
        snapshotIsBorrowed = false
        lock.setAttention(false)
        let retired = self.retired
        self.retired = []
        let kept = keptSnapshots
        keptSnapshots = []
        lock.unlock()
        releaseRetired(retired)
        withExtendedLifetime(kept) {}
    }

    // MARK: Observers

    /// Attaches an observer for future events. On a terminated signal it receives `interrupted` at
    /// once and `nil` is returned.
    @inlinable
    func attach(_ action: @escaping Action) -> Subscriber? {
        attach(.events(action))
    }

    /// Attaches an observer object (see `Handler.observer`).
    @inlinable
    func attach(observer: Signal<Value, Error>.Observer) -> Subscriber? {
        attach(.observer(Unmanaged.passRetained(observer)))
    }

    @inlinable
    func attach(_ handler: Handler) -> Subscriber? {
        let subscriber = Subscriber(handler, core: self)
        lock.lock()
        if terminal != nil {
            lock.unlock()
            subscriber.action(.interrupted)
            return nil
        }
        protectSnapshotLocked()
        subscriber.slot.store(observers.insert(subscriber), ordering: .relaxed)
        lock.unlock()
        return subscriber
    }

    /// What a newly attached property observer must be sent first.
    @usableFromInline
    struct Start {
        @usableFromInline let value: Value?
        @usableFromInline let terminal: Event<Value, Error>?
        @inlinable
        init(value: Value?, terminal: Event<Value, Error>?) {
            self.value = value
            self.terminal = terminal
        }
        @inlinable
        func run(_ subscriber: Subscriber) {
            if let value { subscriber.action(.value(value)) }
            if let terminal {
                subscriber.slot.store(-1, ordering: .relaxed)
                subscriber.action(terminal)
                subscriber.releaseHandler()
            }
        }
    }

    @inlinable
    func insertOrFinishLocked(_ subscriber: Subscriber, expecting expected: Int = -1) -> Start {
        if let terminal {
            return Start(value: current, terminal: terminal)
        }
        protectSnapshotLocked()
        let slot = observers.insert(subscriber)
        guard subscriber.slot.compareExchange(expected: expected, desired: slot, ordering: .relaxed).exchanged else {
            // Disposed while queued for attachment.
            observers.remove(subscriber, at: slot)
            retired.append(subscriber)
            lock.setAttention(true)
            return Start(value: nil, terminal: nil)
        }
        return Start(value: delivered, terminal: nil)
    }

    /// Attaches an observer that first receives the current value, then every later event, with no
    /// gap and no repeat even while another thread is delivering (used by property producers).
    @inlinable
    func attachSendingCurrent(_ observer: Signal<Value, Error>.Observer) -> Subscriber {
        let subscriber = Subscriber(.observer(Unmanaged.passRetained(observer)), core: self)
        lock.lock()
        if !isDelivering {
            isDelivering = true
            drainer = currentThreadID()
            // No delivery is reading the bag's buffer (a flag left by the last one is stale).
            snapshotIsBorrowed = false
            let start = insertOrFinishLocked(subscriber)
            lock.unlock()
            start.run(subscriber)
            finishDelivering()
        } else if drainer == currentThreadID() {
            // Re-entrant: we are inside an observer of this core, on the delivering thread.
            let start = insertOrFinishLocked(subscriber)
            lock.unlock()
            start.run(subscriber)
        } else {
            // Not yet in the bag: mark it attachable (not -1, which means disposed).
            subscriber.slot.store(Subscription.awaitingAttachment, ordering: .relaxed)
            pending.append(.attach(subscriber))
            lock.setAttention(true)
            lock.unlock()
        }
        return subscriber
    }

    // MARK: Ending without an event

    /// Ends the signal without telling anyone (it has no observer): later sends are dropped and
    /// a later observer receives `terminal` at once. Returns whether it was still running.
    @usableFromInline
    @discardableResult
    func endSilently(as terminal: Event<Value, Error> = .interrupted) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if isTerminated { return false }
        isTerminated = true
        if !isDelivering {
            self.terminal = terminal
            isSealed = true
            whenUnobserved = nil
        } else {
            // A delivery is draining: let it deliver the end in order.
            pending.append(.event(terminal))
            lock.setAttention(true)
        }
        return true
    }

    // MARK: Disposable (a producer's run is disposed by interrupting its core)

    @inlinable
    var isDisposed: Bool {
        lock.lock(); defer { lock.unlock() }
        return isTerminated
    }

    @inlinable
    func dispose() { send(.interrupted) }
}
