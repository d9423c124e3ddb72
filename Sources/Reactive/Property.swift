/// A value that changes over time and can be observed: it always has a value.
///
/// `producer` sends the current value first, then every change; `signal` sends changes only.
/// Collections live inside properties as immutable values: changing one means setting a new value,
/// so every change is observable (the seeds' unobservable mutable array cannot happen here).
public protocol PropertyProtocol<Value>: AnyObject, SignalProducerConvertible where Error == Never {
    /// The current value.
    var value: Value { get }
    /// The current value, then every change, until the property is released.
    var producer: SignalProducer<Value, Never> { get }
    /// Every change from now on, until the property is released.
    var signal: Signal<Value, Never> { get }
}

/// A property that can be set.
public protocol MutablePropertyProtocol<Value>: PropertyProtocol {
    var value: Value { get set }
}

/// Shared engine of `MutableProperty` and `Property`: a value-tracking core that completes when its
/// owner is released.
@usableFromInline
final class PropertyStorage<Value: Sendable>: Sendable {
    @usableFromInline let core: SignalCore<Value, Never>
    /// The first value; only a fallback that is never needed (the core always holds a value).
    @usableFromInline let initial: Value

    @inlinable
    init(_ initial: Value) {
        core = SignalCore(current: initial)
        self.initial = initial
    }

    deinit { core.send(.completed) }

    @inlinable
    var value: Value {
        core.lock.lock()
        defer { core.lock.unlock() }
        return valueLocked
    }

    /// The value, for a caller holding the core's lock. A value-tracking core is created with a
    /// value and only ever replaces it, so `current` is never `nil` here.
    @inlinable
    var valueLocked: Value { core.current ?? initial }

    @inlinable
    var producer: SignalProducer<Value, Never> {
        let core = self.core
        return SignalProducer { observer, lifetime in
            lifetime += core.attachSendingCurrent(observer.action)
        }
    }

    @inlinable
    var signal: Signal<Value, Never> { Signal(core: core) }
}

/// A read-write property. Setting `value` sends the change to observers.
///
/// Thread-safe: `value` and `modify` may be used from any thread. Setting the property from inside
/// one of its own observers is allowed: the new value is stored at once and observers see it after
/// the current change has reached all of them (never a deadlock, never out of order).
public final class MutableProperty<Value: Sendable>: MutablePropertyProtocol, @unchecked Sendable {
    // Immutable references only; all mutable state is inside `storage.core`, under its lock.
    @usableFromInline let storage: PropertyStorage<Value>
    private let token: Lifetime.Token

    /// Ends when the property is released.
    public var lifetime: Lifetime { token.lifetime }

    /// The identity of this property as a binding target: a new binding replaces the old one.
    public let bindingSlot = BindingSlot()

    /// A property holding `initial`.
    public init(_ initial: Value) {
        storage = PropertyStorage(initial)
        token = Lifetime.make().token
    }

    /// The current value; setting it notifies observers.
    @inlinable
    public var value: Value {
        get { storage.value }
        set { storage.core.send(.value(newValue)) }
    }

    /// Changes the value atomically and returns what `action` returns; observers then see the new
    /// value. `action` runs under the property's lock: it must not read or write this property.
    @discardableResult
    public func modify<Result>(_ action: (inout Value) throws -> Result) rethrows -> Result {
        let core = storage.core
        core.lock.lock()
        var value = storage.valueLocked
        let result: Result
        do {
            result = try action(&value)
        } catch {
            core.lock.unlock()
            throw error
        }
        let delivery = core.enqueueLocked(.value(value))
        core.lock.unlock()
        core.perform(delivery)
        return result
    }

    /// Sets a new value and returns the old one, atomically.
    @discardableResult
    public func swap(_ newValue: Value) -> Value {
        var old = newValue
        modify { value in
            old = value
            value = newValue
        }
        return old
    }

    public var producer: SignalProducer<Value, Never> { storage.producer }
    public var signal: Signal<Value, Never> { storage.signal }

    /// Number of observers attached to the property's changes (for leak checks).
    public var observerCount: Int { storage.core.observerCount }
}

/// A read-only property: a constant, a view of another property, or the latest value of a
/// producer. A derived property follows its source until it is released.
public final class Property<Value: Sendable>: PropertyProtocol, @unchecked Sendable {
    // Immutable after init: the storage (value and changes) and the subscription feeding it.
    private let storage: PropertyStorage<Value>
    private let subscription: (any Disposable)?

    /// A property whose value never changes.
    public init(value: Value) {
        storage = PropertyStorage(value)
        subscription = nil
    }

    /// A read-only view of `property`, which it keeps alive.
    public convenience init(_ property: some PropertyProtocol<Value>) {
        self.init(deriving: property.producer, fallback: property.value, retaining: [property])
    }

    /// A property starting at `initial` and following the values `producer` sends.
    public convenience init(initial: Value, then producer: SignalProducer<Value, Never>) {
        self.init(deriving: producer, fallback: initial)
    }

    /// A property starting at `initial` and following the values `signal` sends.
    public convenience init(initial: Value, then signal: Signal<Value, Never>) {
        self.init(deriving: signal.producer, fallback: initial)
    }

    /// A property following `producer`: its first value sent during start becomes the initial
    /// value (else `fallback()`), every later value a change. It keeps `owners` (the properties
    /// it derives from) alive for as long as it follows them.
    init(
        deriving producer: SignalProducer<Value, Never>,
        fallback: @autoclosure () -> Value,
        retaining owners: [AnyObject] = []
    ) {
        let capture = LockedState(Capture.waiting(nil))
        let keepAlive = UncheckedReference(objects: owners)
        subscription = producer.startWithValues { value in
            withExtendedLifetime(keepAlive) {}
            let core: SignalCore<Value, Never>? = capture.withLock { state in
                if case let .ready(core) = state { return core }
                state = .waiting(value)
                return nil
            }
            core?.send(.value(value))
        }
        storage = capture.withLock { state in
            let initial: Value
            if case let .waiting(first?) = state { initial = first } else { initial = fallback() }
            let storage = PropertyStorage(initial)
            state = .ready(storage.core)
            return storage
        }
    }

    private enum Capture {
        case waiting(Value?)
        case ready(SignalCore<Value, Never>)
    }

    deinit { subscription?.dispose() }

    public var value: Value { storage.value }

    /// The current value, then every change. A started producer keeps this property (and so
    /// what it derives from) alive until the start ends.
    public var producer: SignalProducer<Value, Never> {
        let core = storage.core
        return SignalProducer { [self] observer, lifetime in
            lifetime += core.attachSendingCurrent(observer.action)
            lifetime.observeEnded { withExtendedLifetime(self) {} }
        }
    }

    /// Every change from now on; an observation keeps this property alive until it ends.
    public var signal: Signal<Value, Never> {
        let core = storage.core
        return Signal.deriving { [self] observer, lifetime in
            if let subscriber = core.attach(observer.action) { lifetime += subscriber }
            lifetime.observeEnded { withExtendedLifetime(self) {} }
        }
    }
}

/// Keeps objects alive from a `@Sendable` closure; they are never used, only retained.
private struct UncheckedReference: @unchecked Sendable {
    // Never dereferenced: it only extends the lifetime of the properties a view depends on.
    let objects: [AnyObject]
}
