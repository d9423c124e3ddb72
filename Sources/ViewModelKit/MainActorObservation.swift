import Reactive

// Observing streams from main-actor code without `MainActor.assumeIsolated`: the closures here
// are `@MainActor`. A value that arrives in the main actor's context (the GTK main loop, a
// main-actor test) runs the closure at once, in order; one from another thread hops to the
// main actor first (see `MainThread.run`).

extension Signal where Error == Never {
    /// Runs `action` on the main actor with each value until `lifetime` ends (or the signal
    /// does). Disposing the result stops it sooner.
    @MainActor
    @discardableResult
    public func observe(during lifetime: Lifetime, _ action: @escaping @MainActor (Value) -> Void) -> (any Disposable)? {
        take(during: lifetime).observeValues { value in MainThread.run { action(value) } }
    }
}

extension SignalProducer where Error == Never {
    /// Starts the producer and runs `action` on the main actor with each value until
    /// `lifetime` ends (or the producer does). Disposing the result stops it sooner.
    @MainActor
    @discardableResult
    public func startObserving(during lifetime: Lifetime, _ action: @escaping @MainActor (Value) -> Void) -> any Disposable {
        take(during: lifetime).startWithValues { value in MainThread.run { action(value) } }
    }
}

extension BindingTarget {
    /// A target applying values with a main-actor `apply` until `lifetime` ends: at once when a
    /// value arrives in the main actor's context, after a hop otherwise. Pass the same `slot`
    /// for the same thing, so a second binding replaces the first.
    @MainActor
    public init(mainActorLifetime lifetime: Lifetime, slot: BindingSlot = BindingSlot(), _ apply: @escaping @MainActor (Value) -> Void) {
        self.init(lifetime: lifetime, slot: slot) { value in
            MainThread.run {
                guard !lifetime.hasEnded else { return }
                apply(value)
            }
        }
    }
}
