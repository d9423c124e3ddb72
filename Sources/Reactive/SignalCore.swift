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
///   a delivery on the delivering thread (by an observer) receives nothing more, not even the event
///   in flight. Disposed from another thread while an event is on its way, it may still get that
///   one event (the delivery reads the "an observer left" flag without the lock, as ReactiveSwift's
///   bag snapshot also lets an in-flight event through), never a later one; its handler is kept
///   alive until the delivery ends either way.
/// - After the terminal event every observer is released.
///
/// Observers live in the core itself, one entry each in a contiguous array (`entries`) whose
/// vacated entries are chained into a free list, so attaching and detaching are O(1) at any
/// number of observers, touch one entry and allocate nothing per observer (the handle returned
/// is a `Subscription` value naming the entry).
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
        /// An observer object, retained by hand (released when its entry is): a delivery calls
        /// its immutable `action` through a borrowed reference, with no retain and release per
        /// event.
        case observer(Unmanaged<Signal<Value, Error>.Observer>)
        /// An observer object (retained by hand) whose attachment the delivering thread has yet
        /// to complete by sending it the current value; deliveries skip it until then.
        case awaiting(Unmanaged<Signal<Value, Error>.Observer>)
        /// No observer: the next vacant entry of the free list, or -1.
        case vacant(next: Int)

        /// Releases what the handler holds by hand, once it has left its entry.
        @inlinable
        func releaseObserver() {
            switch self {
            case let .observer(observer), let .awaiting(observer): observer.release()
            default: break
            }
        }
    }

    /// One observer's slot: the id it was attached as (0 while vacant) and its handler.
    @usableFromInline
    struct Entry {
        @usableFromInline var id: UInt64
        @usableFromInline var handler: Handler

        @inlinable
        init(id: UInt64, handler: Handler) {
            self.id = id
            self.handler = handler
        }
    }

    @usableFromInline
    enum Pending {
        case event(Event<Value, Error>)
        /// An observer reserved in `slot` as `id`, to be sent the current value and activated.
        case attach(slot: Int, id: UInt64, observer: Signal<Value, Error>.Observer)
    }

    /// The observers, by slot. A delivery may read the buffer without the lock (see
    /// `protectSnapshotLocked`).
    @usableFromInline @exclusivity(unchecked) var entries: ContiguousArray<Entry> = []
    /// First vacant entry, or -1.
    @usableFromInline @exclusivity(unchecked) var freeHead = -1
    /// The id the next attachment gets; never reused, so a stale handle never matches.
    @usableFromInline @exclusivity(unchecked) var nextID: UInt64 = 1
    /// Entries reserved for attachments not completed yet (`Handler.awaiting`).
    @usableFromInline @exclusivity(unchecked) var awaitingCount = 0
    /// Set while the delivering thread reads `entries` without holding a reference to it.
    @usableFromInline @exclusivity(unchecked) var snapshotIsBorrowed = false
    /// Observer buffers a delivery was reading when the observers changed, kept alive until it
    /// ends.
    @usableFromInline @exclusivity(unchecked) var keptSnapshots: [ContiguousArray<Entry>] = []
    /// Handlers detached during a delivery, released when it ends.
    @usableFromInline @exclusivity(unchecked) var retired: [Handler] = []
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
        super.init(slotAccess: { registry, slot, id, detach in
            // Only ever called with the core that made it (see `ObserverRegistry.slotAccess`).
            let core = unsafeDowncast(registry, to: SignalCore<Value, Error>.self)
            if detach { return core.detachNow(slot: slot, id: id) }
            return core.isAttachedNow(slot: slot, id: id)
        })
    }

    deinit {
        // Nobody holds a handle or sends any more; observer objects are retained by hand.
        for entry in entries { entry.handler.releaseObserver() }
        for handler in retired { handler.releaseObserver() }
        let left = attachedCount
        if left > 0 { liveSubscriptionCounter.subtract(left, ordering: .relaxed) }
    }

    // MARK: Slot storage (call under `lock`)

    /// Call under `lock` before changing `entries`: a delivery in progress may be reading the
    /// current buffer without a reference of its own (that saves a retain and a release per
    /// event), so the buffer is kept alive, and the change made on a copy, until it ends.
    @inlinable
    func protectSnapshotLocked() {
        if snapshotIsBorrowed {
            snapshotIsBorrowed = false
            if isDelivering {
                keptSnapshots.append(entries)
                lock.setAttention(true)
            }
        }
    }

    /// Stores `handler` in a vacant entry; returns its slot and id.
    @inlinable
    func insertLocked(_ handler: Handler) -> (slot: Int, id: UInt64) {
        protectSnapshotLocked()
        let id = nextID
        nextID &+= 1
        attachedCount += 1
        let entry = Entry(id: id, handler: handler)
        let slot = freeHead
        if slot >= 0 {
            if case let .vacant(next) = entries[slot].handler { freeHead = next } else { freeHead = -1 }
            entries[slot] = entry
            return (slot, id)
        }
        entries.append(entry)
        return (entries.count - 1, id)
    }

    /// Whether the observer attached as `id` occupies `slot`.
    @inlinable
    func isAttachedLocked(slot: Int, id: UInt64) -> Bool {
        slot >= 0 && slot < entries.count && entries[slot].id == id
    }

    /// Vacates `slot` (which must be occupied) and returns its handler.
    @inlinable
    func takeLocked(_ slot: Int) -> Handler {
        protectSnapshotLocked()
        var entry = Entry(id: 0, handler: .vacant(next: freeHead))
        swap(&entry, &entries[slot])
        if case .awaiting = entry.handler { awaitingCount -= 1 }
        attachedCount -= 1
        if attachedCount == 0 {
            // Every entry is vacant: keep a small buffer for the common observe/dispose churn,
            // give back a large one.
            entries.removeAll(keepingCapacity: entries.capacity <= 16)
            freeHead = -1
        } else {
            freeHead = slot
        }
        return entry.handler
    }

    /// Releases handlers that have left their entries, with no lock held. (This and the other
    /// slow paths of a delivery are inlinable so that they are specialised with their caller:
    /// unspecialised, every operation on the generic arrays looks up generic metadata.)
    @inlinable
    func release(_ handlers: [Handler]) {
        for handler in handlers { handler.releaseObserver() }
        if !handlers.isEmpty { liveSubscriptionCounter.subtract(handlers.count, ordering: .relaxed) }
    }

    // MARK: Handles

    /// Detaches the observer attached as `id` if it still occupies `slot`; returns whether it did.
    @inlinable
    func detachNow(slot: Int, id: UInt64) -> Bool {
        lock.lock()
        guard isAttachedLocked(slot: slot, id: id) else {
            lock.unlock()
            return false
        }
        let handler = takeLocked(slot)
        var unobserved: (@Sendable (ObserverRegistry) -> Void)?
        if whenUnobserved != nil, attachedCount == 0 {
            unobserved = whenUnobserved
            whenUnobserved = nil
        }
        if isDelivering {
            // The delivery may be calling it, or about to: it skips it and releases it at its end.
            retired.append(handler)
            lock.setDetached(true)
            lock.setAttention(true)
            lock.unlock()
        } else {
            lock.unlock()
            handler.releaseObserver()
            liveSubscriptionCounter.subtract(1, ordering: .relaxed)
        }
        unobserved?(self)
        return true
    }

    @inlinable
    func isAttachedNow(slot: Int, id: UInt64) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return isAttachedLocked(slot: slot, id: id)
    }

    @usableFromInline
    override var observerCount: Int {
        lock.lock(); defer { lock.unlock() }
        return attachedCount - awaitingCount
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
            let buffer = entries.withUnsafeBufferPointer { $0 }
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

    /// A delivery this thread owns: the event and the observers' buffer, borrowed (kept alive
    /// by `protectSnapshotLocked` if the observers change meanwhile).
    @usableFromInline
    struct Delivery {
        @usableFromInline let event: Event<Value, Error>
        @usableFromInline let snapshot: UnsafeBufferPointer<Entry>

        @inlinable
        init(event: Event<Value, Error>, snapshot: UnsafeBufferPointer<Entry>) {
            self.event = event
            self.snapshot = snapshot
        }
    }

    /// Delivers an owned delivery, then whatever was queued meanwhile. Call with no lock held.
    @inlinable
    func perform(_ delivery: Delivery) {
        deliverOwned(delivery)
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

    /// Starts delivering `event`: borrows the observers' buffer. The terminal event goes to the
    /// observers attached now (none can attach after it), which are released once it has
    /// reached them all (`sweepAfterTerminal`).
    @inlinable
    func snapshotLocked(for event: Event<Value, Error>) -> UnsafeBufferPointer<Entry> {
        switch event {
        case let .value(value):
            if tracksValue { delivered = value }
        default:
            terminal = event
            whenUnobserved = nil
        }
        lock.setDetached(false)
        snapshotIsBorrowed = true
        // The pointer outlives the closure on purpose: the buffer stays allocated and
        // unchanged until the delivery ends (see `protectSnapshotLocked`).
        return entries.withUnsafeBufferPointer { $0 }
    }

    @inlinable
    func deliverOwned(_ delivery: Delivery) {
        deliver(delivery.event, to: delivery.snapshot)
        if delivery.event.isTerminating { sweepAfterTerminal() }
    }

    /// Releases every observer once the terminal event has reached them: later disposals find
    /// nothing to detach. Observers still queued for attachment stay, to be sent the current
    /// value and the terminal event when their turn comes.
    @usableFromInline
    func sweepAfterTerminal() {
        lock.lock()
        // The terminal delivery has ended: nobody reads the buffer it borrowed any more.
        snapshotIsBorrowed = false
        var swept = ContiguousArray<Entry>()
        swap(&swept, &entries)
        freeHead = -1
        if awaitingCount > 0 {
            // Rare: put the reserved entries back in their slots, the rest vacant.
            entries = ContiguousArray(repeating: Entry(id: 0, handler: .vacant(next: -1)), count: swept.count)
            for slot in swept.indices {
                guard case .awaiting = swept[slot].handler else { continue }
                swap(&entries[slot], &swept[slot])
            }
            for slot in entries.indices.reversed() where entries[slot].id == 0 {
                entries[slot].handler = .vacant(next: freeHead)
                freeHead = slot
            }
        }
        let released = attachedCount - awaitingCount
        attachedCount = awaitingCount
        isSealed = awaitingCount == 0
        lock.unlock()
        for entry in swept { entry.handler.releaseObserver() }
        if released > 0 { liveSubscriptionCounter.subtract(released, ordering: .relaxed) }
        onTerminated?()
    }

    @inlinable
    func deliver(_ event: Event<Value, Error>, to buffer: UnsafeBufferPointer<Entry>) {
        // An observer object is called through a borrowed reference: the entry holds it
        // retained until the delivery ends (see `detach`).
        for index in buffer.indices {
            switch buffer[index].handler {
            case let .observer(observer):
                if lock.hasDetached(), !stillAttached(index, buffer[index].id) { continue }
                observer._withUnsafeGuaranteedRef { $0.action(event) }
            case let .events(action):
                if lock.hasDetached(), !stillAttached(index, buffer[index].id) { continue }
                action(event)
            case let .values(action):
                guard case let .value(value) = event else { continue }
                if lock.hasDetached(), !stillAttached(index, buffer[index].id) { continue }
                action(value)
            case .awaiting, .vacant:
                continue
            }
        }
    }

    /// Whether an observer of the running delivery's snapshot is still attached (it may have
    /// been disposed since the delivery began).
    @inlinable
    func stillAttached(_ slot: Int, _ id: UInt64) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return isAttachedLocked(slot: slot, id: id)
    }

    /// Ends this thread's delivery: one compare-and-swap when nothing happened meanwhile.
    @inlinable
    func finishDelivering() {
        if lock.tryEndDelivering() { return }
        finishDeliveringContended()
    }

    @inlinable
    func finishDeliveringContended() {
        lock.lock()
        snapshotIsBorrowed = false
        if pending.isEmpty {
            endDeliveringLocked()
            return
        }
        lock.unlock()
        drainPending()
    }

    /// Ends the delivery (call holding `lock`, which it releases) and releases what it kept.
    @inlinable
    func endDeliveringLocked() {
        isDelivering = false
        lock.setAttention(false)
        lock.setDetached(false)
        let retired = self.retired
        self.retired = []
        let kept = keptSnapshots
        keptSnapshots = []
        lock.unlock()
        release(retired)
        withExtendedLifetime(kept) {}
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
                deliverOwned(Delivery(event: event, snapshot: snapshot))
            case let .attach(slot, id, observer):
                guard isAttachedLocked(slot: slot, id: id) else { continue } // disposed meanwhile
                let start: Start
                if let terminal {
                    retired.append(takeLocked(slot))
                    if attachedCount == 0 { isSealed = true }
                    start = Start(value: current, terminal: terminal)
                } else {
                    protectSnapshotLocked()
                    if case let .awaiting(retained) = entries[slot].handler {
                        entries[slot].handler = .observer(retained)
                        awaitingCount -= 1
                    }
                    start = Start(value: delivered, terminal: nil)
                }
                lock.unlock()
                start.run(observer)
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
        snapshotIsBorrowed = false
        endDeliveringLocked()
    }

    // MARK: Observers

    /// Attaches an observer for future events. On a terminated signal it receives `interrupted` at
    /// once and `nil` is returned.
    @inlinable
    func attach(_ action: @escaping Action) -> Subscription? {
        attach(.events(action))
    }

    /// Attaches an observer object (see `Handler.observer`).
    @inlinable
    func attach(observer: Signal<Value, Error>.Observer) -> Subscription? {
        attach(.observer(Unmanaged.passRetained(observer)))
    }

    @inlinable
    func attach(_ handler: Handler) -> Subscription? {
        lock.lock()
        if terminal != nil {
            lock.unlock()
            switch handler {
            case let .events(action): action(.interrupted)
            case let .observer(observer):
                observer.takeRetainedValue().action(.interrupted)
            default: break
            }
            return nil
        }
        let (slot, id) = insertLocked(handler)
        lock.unlock()
        liveSubscriptionCounter.add(1, ordering: .relaxed)
        return Subscription(registry: self, slot: slot, id: id)
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
        func run(_ observer: Signal<Value, Error>.Observer) {
            if let value { observer.action(.value(value)) }
            if let terminal { observer.action(terminal) }
        }
    }

    /// Attaches `observer` now (the caller owns the delivery), or, on a terminated core,
    /// returns what it must be sent instead.
    @inlinable
    func insertOrFinishLocked(_ observer: Signal<Value, Error>.Observer) -> (Start, Subscription) {
        if let terminal {
            return (Start(value: current, terminal: terminal), .ended(self))
        }
        let (slot, id) = insertLocked(.observer(Unmanaged.passRetained(observer)))
        liveSubscriptionCounter.add(1, ordering: .relaxed)
        return (Start(value: delivered, terminal: nil), Subscription(registry: self, slot: slot, id: id))
    }

    /// Attaches an observer that first receives the current value, then every later event, with no
    /// gap and no repeat even while another thread is delivering (used by property producers).
    @inlinable
    func attachSendingCurrent(_ observer: Signal<Value, Error>.Observer) -> Subscription {
        lock.lock()
        if !isDelivering {
            isDelivering = true
            drainer = currentThreadID()
            // No delivery is reading the observers' buffer (a flag left by the last one is stale).
            snapshotIsBorrowed = false
            let (start, subscription) = insertOrFinishLocked(observer)
            lock.unlock()
            start.run(observer)
            finishDelivering()
            return subscription
        } else if drainer == currentThreadID() {
            // Re-entrant: we are inside an observer of this core, on the delivering thread.
            let (start, subscription) = insertOrFinishLocked(observer)
            lock.unlock()
            start.run(observer)
            return subscription
        } else {
            // Reserved, not yet delivered to: the delivering thread completes the attachment.
            let (slot, id) = insertLocked(.awaiting(Unmanaged.passRetained(observer)))
            awaitingCount += 1
            pending.append(.attach(slot: slot, id: id, observer: observer))
            lock.setAttention(true)
            lock.unlock()
            liveSubscriptionCounter.add(1, ordering: .relaxed)
            return Subscription(registry: self, slot: slot, id: id)
        }
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
