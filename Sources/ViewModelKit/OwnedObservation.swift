import Reactive

/// An object whose work ends with it: a screen's controller, a view model. Streams observed
/// `with:` it hand it to their closures without keeping it alive, and stop when its `lifetime` ends.
@MainActor
public protocol LifetimeOwning: AnyObject {
    /// Ends when the object is done (released, or its screen closed).
    var lifetime: Lifetime { get }
}

extension ViewModel: LifetimeOwning {}

// Observing for an owner, as RxSwift's `subscribe(with:)`: the closure receives the owner, held
// weakly, so a screen's bindings never need a hand-written `[weak self]` and never keep the
// screen alive; they end with the owner's lifetime (and nothing runs once it is gone).

extension Signal where Error == Never {
    /// Runs `action` on the main actor with `owner` and each value, until `owner`'s lifetime ends.
    @MainActor
    @discardableResult
    public func observe<Owner: LifetimeOwning>(
        with owner: Owner, _ action: @escaping @MainActor (Owner, Value) -> Void
    ) -> (any Disposable)? {
        observe(during: owner.lifetime) { [weak owner] value in
            guard let owner else { return }
            action(owner, value)
        }
    }

    /// Runs `action` on the main actor with `owner` at each event of a signal of no values
    /// (a click), until `owner`'s lifetime ends.
    @MainActor
    @discardableResult
    public func observe<Owner: LifetimeOwning>(
        with owner: Owner, _ action: @escaping @MainActor (Owner) -> Void
    ) -> (any Disposable)? where Value == Void {
        observe(with: owner) { owner, _ in action(owner) }
    }
}

extension SignalProducer where Error == Never {
    /// Starts the producer and runs `action` on the main actor with `owner` and each value, until
    /// `owner`'s lifetime ends.
    @MainActor
    @discardableResult
    public func observe<Owner: LifetimeOwning>(
        with owner: Owner, _ action: @escaping @MainActor (Owner, Value) -> Void
    ) -> any Disposable {
        startObserving(during: owner.lifetime) { [weak owner] value in
            guard let owner else { return }
            action(owner, value)
        }
    }

    /// Starts the producer and runs `action` on the main actor with `owner` at each event of a
    /// producer of no values (a click), until `owner`'s lifetime ends.
    @MainActor
    @discardableResult
    public func observe<Owner: LifetimeOwning>(
        with owner: Owner, _ action: @escaping @MainActor (Owner) -> Void
    ) -> any Disposable where Value == Void {
        observe(with: owner) { owner, _ in action(owner) }
    }
}

extension BindingTarget {
    /// A target applying values to `owner` (held weakly) on the main actor until `owner`'s
    /// lifetime ends: a view's own binding target (`BindingTarget(with: self) { $0.show($1) }`).
    @MainActor
    public init<Owner: LifetimeOwning>(
        with owner: Owner, slot: BindingSlot = BindingSlot(), _ apply: @escaping @MainActor (Owner, Value) -> Void
    ) {
        self.init(mainActorLifetime: owner.lifetime, slot: slot) { [weak owner] value in
            guard let owner else { return }
            apply(owner, value)
        }
    }
}
