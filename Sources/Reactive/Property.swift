import Synchronization

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
            lifetime += core.attachSendingCurrent(observer)
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
    @usableFromInline let token: Lifetime.Token

    /// Ends when the property is released.
    public var lifetime: Lifetime { token.lifetime }

    /// The identity of this property as a binding target: a new binding replaces the old one.
    public let bindingSlot = BindingSlot()

    /// A property holding `initial`. (Inlinable, as every initialiser that makes a signal core
    /// is, so that the core's slot operations are specialised for the caller's types.)
    @inlinable
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

    /// Runs `action` with the current value while holding the property's lock, so no change can
    /// happen meanwhile, and returns what it returns. `action` must not read or write this property.
    public func withValue<Result>(_ action: (Value) throws -> Result) rethrows -> Result {
        let core = storage.core
        core.lock.lock()
        defer { core.lock.unlock() }
        return try action(storage.valueLocked)
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
/// producer.
///
/// Ownership follows ReactiveSwift: a derived property does not keep its sources alive, and its
/// sources do not keep it alive. It follows its source until the source ends (then its `signal`
/// completes and its `producer` sends the last value and completes) or until the property is
/// released and its last observer has left. A constant's `producer` sends the value and
/// completes; its `signal` has already ended.
public final class Property<Value: Sendable>: PropertyProtocol, @unchecked Sendable {
    // Immutable after init.
    @usableFromInline let backing: Backing

    @usableFromInline
    enum Backing: Sendable {
        /// The property's own value and changes, and its first value (a fallback the core,
        /// which always holds a value, never needs). The output handle is shared with every
        /// signal and producer taken from the property: once all are gone and nobody observes,
        /// the property stops following its source.
        case core(SignalOutput<Value, Never>, initial: Value)
        /// Another property, read through (`init(capturing:)`).
        case captured(any PropertyProtocol<Value>)
    }

    /// A property whose value never changes.
    @inlinable
    public init(value: Value) {
        let core = SignalCore<Value, Never>(current: value)
        core.endSilently(as: .completed)
        backing = .core(SignalOutput(core, onUnreachable: {}), initial: value)
    }

    /// A read-only view of `property` that reads and observes it directly, and so keeps it alive.
    public init(capturing property: some PropertyProtocol<Value>) {
        backing = .captured(property)
    }

    /// A property following `property`: its value, then every change, until it ends.
    @inlinable
    public convenience init(_ property: some PropertyProtocol<Value>) {
        self.init(deriving: property.producer, fallback: property.value)
    }

    /// A property starting at `initial` and following the values `producer` sends.
    @inlinable
    public convenience init(initial: Value, then producer: SignalProducer<Value, Never>) {
        self.init(deriving: SignalProducer { observer, lifetime in
            observer.send(value: initial)
            producer.attach(observer, during: lifetime)
        }, fallback: initial)
    }

    /// A property starting at `initial` and following the values `signal` sends.
    @inlinable
    public convenience init(initial: Value, then signal: Signal<Value, Never>) {
        self.init(initial: initial, then: signal.producer)
    }

    /// A property following `producer`: the last value it sends during start becomes the
    /// initial value (else `fallback()`), every later value a change. The producer's end (an
    /// interruption counts as completion) ends the property's changes.
    @inlinable
    init(deriving producer: SignalProducer<Value, Never>, fallback: @autoclosure () -> Value) {
        let capture = DerivedCapture<Value>()
        let subscription = SerialDisposable()
        subscription.inner = producer.start(Signal<Value, Never>.Observer { event in
            // The steady path: the property exists, events go straight to its core.
            if let core = capture.readyCore {
                core._withUnsafeGuaranteedRef { $0.send(event.isTerminating ? .completed : event) }
                return
            }
            let event: Event<Value, Never> = event.isTerminating ? .completed : event
            let core: SignalCore<Value, Never>? = capture.withLock { state in
                switch state {
                case let .ready(core):
                    return core
                case let .waiting(first):
                    state = event.isTerminating ? .ended(first) : .waiting(event.value)
                    return nil
                case .ended:
                    return nil
                }
            }
            core?.send(event)
        })
        let (core, initial): (SignalCore<Value, Never>, Value) = capture.withLock { state in
            let initial: Value
            var ended = false
            switch state {
            case let .waiting(first?): initial = first
            case let .ended(first?): initial = first; ended = true
            case .ended(nil): initial = fallback(); ended = true
            default: initial = fallback()
            }
            let core = SignalCore<Value, Never>(current: initial)
            if ended { core.endSilently(as: .completed) }
            state = .ready(core)
            capture.publish(core)
            return (core, initial)
        }
        backing = .core(SignalOutput(core, endingAs: .completed) { subscription.dispose() }, initial: initial)
    }

    @inlinable
    public var value: Value {
        switch backing {
        case let .core(output, initial):
            let core = output.core
            core.lock.lock()
            defer { core.lock.unlock() }
            return core.current ?? initial
        case let .captured(property):
            return property.value
        }
    }

    /// The current value, then every change, until the property ends.
    @inlinable
    public var producer: SignalProducer<Value, Never> {
        switch backing {
        case let .core(output, _):
            return SignalProducer { observer, lifetime in
                lifetime += output.core.attachSendingCurrent(observer)
            }
        case let .captured(property):
            return property.producer
        }
    }

    /// Every change from now on, until the property ends.
    @inlinable
    public var signal: Signal<Value, Never> {
        switch backing {
        case let .core(output, _): return Signal(output: output)
        case let .captured(property): return property.signal
        }
    }
}

/// What a derived property's source has sent while the property is being made, then the
/// property's core.
@usableFromInline
enum DerivedCaptureState<Value: Sendable> {
    case waiting(Value?)
    case ended(Value?)
    case ready(SignalCore<Value, Never>)
}

/// The state shared by a derived property and its source's observer. Until the property's core
/// exists, events are captured under the lock; once it is published (once, under the lock),
/// events go to it without locking.
@usableFromInline
final class DerivedCapture<Value: Sendable>: @unchecked Sendable { // safe: see below
    // `state` is guarded by `lock`. `ready` is written once, before `isReady` is set with
    // release ordering, and never again; it is read only after `isReady` was seen set.
    @usableFromInline let lock = SpinLock()
    @usableFromInline @exclusivity(unchecked) var state = DerivedCaptureState<Value>.waiting(nil)
    @usableFromInline let isReady = Atomic<Bool>(false)
    @usableFromInline @exclusivity(unchecked) var ready: Unmanaged<SignalCore<Value, Never>>?

    @inlinable init() {}

    deinit { ready?.release() }

    @inlinable
    func withLock<R>(_ body: (inout DerivedCaptureState<Value>) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    /// Makes `core` the destination of every later event (call under the lock, once).
    @inlinable
    func publish(_ core: SignalCore<Value, Never>) {
        ready = Unmanaged.passRetained(core)
        isReady.store(true, ordering: .releasing)
    }

    /// The published core, borrowed (the capture keeps it), or nil before publication.
    @inlinable
    var readyCore: Unmanaged<SignalCore<Value, Never>>? {
        isReady.load(ordering: .acquiring) ? ready : nil
    }
}
