import Synchronization

/// Number of subscriptions alive in the process (attached observers whose handlers are not yet
/// released).
@usableFromInline
let liveSubscriptionCounter = Atomic<Int>(0)

/// The non-generic half of a signal core: its lock and what its subscription handles call.
/// The observers themselves live in the core (`SignalCore.entries`), whose type they depend on.
///
/// Handlers are released as soon as their subscription ends, even while the caller still holds
/// the handle: at once when no delivery is running, else when the running delivery finishes
/// (a delivery reads handlers without the lock, so nobody may release one under it).
@usableFromInline
class ObserverRegistry: @unchecked Sendable { // safe: every `var` is guarded by `lock`
    // Subclasses guard their own state with the same lock.
    @usableFromInline let lock = RegistryLock()
    /// Number of attached observers (including those queued for attachment).
    @usableFromInline @exclusivity(unchecked) var attachedCount = 0
    /// Set when the terminal event has been delivered and every observer was released.
    @usableFromInline @exclusivity(unchecked) var isSealed = false
    /// Set once nobody can attach any more (the signal's output was released): runs when the
    /// last observer leaves, ending the signal silently so its work does not outlive demand.
    @usableFromInline @exclusivity(unchecked) var whenUnobserved: (@Sendable (ObserverRegistry) -> Void)?
    /// Detaches (`detach` true) or looks up the observer attached as `id` in `slot` of the core
    /// it is called with, which must be this registry; returns whether it was attached.
    ///
    /// A closure the core makes where it is created, not a method: a handle reaches its core
    /// through `any Disposable`, where nothing is specialised, and the core's observers are
    /// stored by type, so a method would run as unspecialised generic code, looking up generic
    /// metadata on every call (several times slower than the rest of a disposal). A closure
    /// made in a specialised caller is itself specialised.
    @usableFromInline let slotAccess: @Sendable (ObserverRegistry, _ slot: Int, _ id: UInt64, _ detach: Bool) -> Bool

    @inlinable
    init(slotAccess: @escaping @Sendable (ObserverRegistry, _ slot: Int, _ id: UInt64, _ detach: Bool) -> Bool) {
        self.slotAccess = slotAccess
    }

    /// Whether a thread owns the delivery (read and set under `lock`).
    @inlinable
    final var isDelivering: Bool {
        get { lock.isDelivering() }
        set { lock.setDelivering(newValue) }
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
        if attachedCount > 0 {
            whenUnobserved = action
            lock.unlock()
            return
        }
        lock.unlock()
        action(self)
    }

    /// Detaches the observer in `slot` if it is still the one attached as `id`; a no-op for a
    /// handle whose observer has left (disposed, or released by the terminal event), even when
    /// the slot has a new occupant.
    @inlinable
    final func detach(slot: Int, id: UInt64) { _ = slotAccess(self, slot, id, true) }

    /// Whether the observer attached as `id` still occupies `slot`.
    @inlinable
    final func isAttached(slot: Int, id: UInt64) -> Bool { slotAccess(self, slot, id, false) }

    /// Number of attached observers (not counting those still queued for attachment).
    @usableFromInline
    var observerCount: Int {
        lock.lock(); defer { lock.unlock() }
        return attachedCount
    }
}

/// One attached observer, as its observer sees it: disposing it detaches the observer.
///
/// A value, not an object: it names its core, its observer's slot there and the attachment's
/// id, unique within the core, so observing allocates nothing beyond the core's slot storage
/// and a stale handle (its observer gone, the slot reused) can never detach a newcomer. It is
/// three words, so an `any Disposable` holds it inline. Copies are the same subscription.
@usableFromInline
struct Subscription: Disposable, Equatable {
    @usableFromInline let registry: ObserverRegistry
    @usableFromInline let slot: Int
    @usableFromInline let id: UInt64

    @inlinable
    init(registry: ObserverRegistry, slot: Int, id: UInt64) {
        self.registry = registry
        self.slot = slot
        self.id = id
    }

    /// A handle for an observer that was never attached (the signal had ended): disposed.
    @inlinable
    static func ended(_ registry: ObserverRegistry) -> Subscription {
        Subscription(registry: registry, slot: -1, id: 0)
    }

    @inlinable
    var isDisposed: Bool { !registry.isAttached(slot: slot, id: id) }

    @inlinable
    func dispose() { registry.detach(slot: slot, id: id) }

    @inlinable
    static func == (lhs: Subscription, rhs: Subscription) -> Bool {
        lhs.registry === rhs.registry && lhs.slot == rhs.slot && lhs.id == rhs.id
    }
}
