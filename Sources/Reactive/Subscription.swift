import Synchronization

/// Number of subscriptions alive in the process (attached observers not yet freed).
@usableFromInline
let liveSubscriptionCounter = Atomic<Int>(0)

/// The non-generic half of a signal core: its lock and its observers. Detaching (reached through
/// `Disposable.dispose()`, where callers cannot specialise generics) runs here as plain code.
///
/// Handlers are released as soon as their subscription ends, even while the caller still holds
/// the disposable: at once when no delivery is running, else when the running delivery finishes
/// (a delivery reads handlers without the lock, so nobody may clear one under it).
@usableFromInline
class ObserverRegistry: @unchecked Sendable { // safe: every `var` is guarded by `lock`
    // Subclasses guard their own state with the same lock.
    @usableFromInline let lock = RegistryLock()
    @usableFromInline @exclusivity(unchecked) var observers = Bag()
    /// Set while the delivering thread reads `observers.slots` without holding a reference to it
    /// (see `protectSnapshotLocked`).
    @usableFromInline @exclusivity(unchecked) var snapshotIsBorrowed = false
    /// Observer buffers a delivery was reading when the bag changed, kept alive until it ends.
    @usableFromInline @exclusivity(unchecked) var keptSnapshots: [ContiguousArray<AnyObject?>] = []
    /// Set when the terminal event took every observer out of the bag: later detaches are no-ops.
    @usableFromInline @exclusivity(unchecked) var isSealed = false
    /// Subscriptions detached during a delivery, whose handlers that delivery will release.
    @usableFromInline @exclusivity(unchecked) var retired: [Subscription] = []
    /// Set once nobody can attach any more (the signal's output was released): runs when the
    /// last observer leaves, ending the signal silently so its work does not outlive demand.
    @usableFromInline @exclusivity(unchecked) var whenUnobserved: (@Sendable (ObserverRegistry) -> Void)?

    @inlinable init() {}

    /// Whether a thread owns the delivery (read and set under `lock`).
    @inlinable
    final var isDelivering: Bool {
        get { lock.isDelivering() }
        set { lock.setDelivering(newValue) }
    }

    /// Call under `lock` before changing `observers.slots`: a delivery in progress may be reading
    /// the current buffer without a reference of its own (that saves a retain and a release per
    /// event), so the buffer is kept alive, and the change made on a copy, until it ends.
    @inlinable
    final func protectSnapshotLocked() {
        if snapshotIsBorrowed {
            snapshotIsBorrowed = false
            if isDelivering {
                keptSnapshots.append(observers.slots)
                lock.setAttention(true)
            }
        }
    }

    /// Runs `action` once the registry has no observer left (at once if it has none now); never
    /// if the signal terminates first.
    @usableFromInline
    final func runWhenUnobserved(_ action: @escaping @Sendable (ObserverRegistry) -> Void) {
        lock.lock()
        if isSealed {
            lock.unlock()
            return
        }
        if observers.count > 0 {
            whenUnobserved = action
            lock.unlock()
            return
        }
        lock.unlock()
        action(self)
    }

    /// Detaches a subscription that has just marked itself inactive (so this runs once per
    /// subscription). Its slot is vacated lazily: deliveries skip inactive subscribers.
    @usableFromInline
    final func detach(_ subscription: Subscription, at slot: Int) {
        lock.lock()
        var unobserved: (@Sendable (ObserverRegistry) -> Void)?
        if !isSealed {
            if observers.count == 1 { protectSnapshotLocked() }
            observers.vacate(slot)
            if whenUnobserved != nil, observers.count == 0 {
                unobserved = whenUnobserved
                whenUnobserved = nil
            }
        }
        let releaseNow = !isDelivering
        if !releaseNow {
            retired.append(subscription)
            lock.setAttention(true)
        }
        lock.unlock()
        if releaseNow { subscription.releaseHandler() }
        unobserved?(self)
    }

    /// Releases the handlers retired during the delivery that just ended. Call after clearing
    /// `isDelivering`, with `lock` released.
    @usableFromInline
    final func releaseRetired(_ subscriptions: [Subscription]) {
        for subscription in subscriptions { subscription.releaseHandler() }
    }

    /// Number of attached observers.
    @usableFromInline
    final var observerCount: Int {
        lock.lock(); defer { lock.unlock() }
        return observers.count
    }
}

/// One attached observer, as its registry sees it; disposing it detaches it.
@usableFromInline
class Subscription: Disposable, @unchecked Sendable { // safe: immutable but for the atomic `slot`
    // `slot`: its slot in the registry while attached, -1 once detached or finished.
    @usableFromInline let registry: ObserverRegistry
    @usableFromInline let slot = Atomic<Int>(-1)

    @inlinable
    init(registry: ObserverRegistry) {
        self.registry = registry
        liveSubscriptionCounter.add(1, ordering: .relaxed)
    }

    deinit { liveSubscriptionCounter.subtract(1, ordering: .relaxed) }

    /// Drops the observer's handler (and what it captured). Called only when no delivery can be
    /// reading it.
    @usableFromInline
    func releaseHandler() {}

    @inlinable
    final var isActive: Bool { slot.load(ordering: .relaxed) >= 0 }

    @inlinable
    final var isDisposed: Bool { !isActive }

    @inlinable
    final func dispose() {
        let old = slot.exchange(-1, ordering: .relaxed)
        if old >= 0 && old != Subscription.awaitingAttachment { registry.detach(self, at: old) }
    }

    /// Slot marker of a subscription queued for attachment by a delivering thread: not yet in
    /// the bag, not disposed.
    @usableFromInline static var awaitingAttachment: Int { Int.max }
}
