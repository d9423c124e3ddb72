/// Where a binding writes: a property, a widget's label, anything with a setter and a lifetime.
///
/// Binding a target that is already bound replaces the old binding: the old one is disposed
/// first, then the target follows the new source only. So two bindings never fight over one
/// target (the seeds' crash when binding a property twice), and the last `<~` wins.
public struct BindingTarget<Value: Sendable>: BindingTargetProvider, Sendable {
    /// Bindings to this target end when this lifetime ends.
    public let lifetime: Lifetime
    /// Applies a value to the target.
    public let action: @Sendable (Value) -> Void
    /// Where values are applied (for example the main loop); `nil` applies them where they arrive.
    public let scheduler: (any Scheduler)?
    /// The target's identity: bindings through the same slot replace each other.
    public let slot: BindingSlot

    /// A target that applies values with `action` until `lifetime` ends. Pass the same `slot`
    /// whenever the target is the same thing (one widget property), so a new binding replaces the old.
    public init(
        on scheduler: (any Scheduler)? = nil,
        lifetime: Lifetime,
        slot: BindingSlot = BindingSlot(),
        action: @escaping @Sendable (Value) -> Void
    ) {
        self.scheduler = scheduler
        self.lifetime = lifetime
        self.slot = slot
        self.action = action
    }

    public var bindingTarget: BindingTarget<Value> { self }
}

/// The identity of a binding target; holds its current binding.
public final class BindingSlot: Sendable {
    private let current = SerialDisposable()

    public init() {}

    /// Whether a binding is currently attached.
    public var isBound: Bool {
        guard let inner = current.inner else { return false }
        return !inner.isDisposed
    }

    /// Installs `binding`, disposing the previous one.
    func replace(with binding: any Disposable) { current.inner = binding }
}

/// Something bindings can write to.
public protocol BindingTargetProvider<Value> {
    associatedtype Value: Sendable
    var bindingTarget: BindingTarget<Value> { get }
}

/// Something bindings can read from: signals, producers and properties that cannot fail.
public protocol BindingSource<Value>: SignalProducerConvertible where Error == Never {}

extension Signal: BindingSource where Error == Never {}
extension SignalProducer: BindingSource where Error == Never {}
extension Property: BindingSource {}
extension MutableProperty: BindingSource {}

precedencegroup BindingPrecedence {
    associativity: right
    higherThan: AssignmentPrecedence
}

infix operator <~ : BindingPrecedence

/// Binds `source` to `target`: each value of the source is applied to the target until either
/// ends (the target's lifetime, or the source's terminal event) or the binding is disposed.
/// A property source applies its current value at once.
@discardableResult
public func <~ <Target: BindingTargetProvider, Source: BindingSource>(
    target: Target, source: Source
) -> (any Disposable)? where Source.Value == Target.Value {
    let target = target.bindingTarget
    guard !target.lifetime.hasEnded else { return nil }
    var producer = source.producer.take(during: target.lifetime)
    if let scheduler = target.scheduler { producer = producer.observe(on: scheduler) }
    let binding = SerialDisposable()
    target.slot.replace(with: binding)
    binding.inner = producer.startWithValues(target.action)
    return binding
}

extension MutableProperty: BindingTargetProvider {
    /// Binding to a property sets its value; the binding ends when the property is released.
    public var bindingTarget: BindingTarget<Value> {
        BindingTarget(lifetime: lifetime, slot: bindingSlot) { [weak self] value in self?.value = value }
    }
}
