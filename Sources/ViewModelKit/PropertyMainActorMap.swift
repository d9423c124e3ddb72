import Reactive

extension PropertyProtocol {
    /// A property holding `transform` of this property's value, for a main-actor view model:
    /// `transform` may call the view model's (main-actor) functions and capture it, which
    /// `map`'s `@Sendable` closure may not. `items.map(onMainActor: { Self.summary(of: $0) })`.
    ///
    /// The value is worked out now; each change is worked out at once when it comes in the main
    /// actor's context (the GTK main loop, a main-actor test advancing a `TestScheduler`), and
    /// after a hop to the main actor when it comes from another thread. Like `map`, it keeps
    /// neither this property nor itself alive.
    @MainActor
    public func map<U: Sendable>(onMainActor transform: @escaping @MainActor @Sendable (Value) -> U) -> Property<U> {
        let changes = signal
        return Property(initial: transform(value), then: SignalProducer<U, Never> { observer, lifetime in
            lifetime += changes.observe { event in
                switch event {
                case let .value(value): MainThread.run { observer.send(value: transform(value)) }
                case .completed, .interrupted, .failed: MainThread.run { observer.sendCompleted() }
                }
            }
        })
    }
}
