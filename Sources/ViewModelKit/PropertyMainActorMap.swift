import Reactive
import Synchronization

extension PropertyProtocol {
    /// A property holding `transform` of this property's value, for a main-actor view model:
    /// `transform` may call the view model's (main-actor) functions and capture it, which
    /// `map`'s `@Sendable` closure may not. `items.map(onMainActor: { Self.summary(of: $0) })`.
    ///
    /// The value is worked out now; each change is worked out at once when it comes in the main
    /// actor's context (the GTK main loop, a main-actor test advancing a `TestScheduler`), and
    /// after a hop to the main actor when it comes from another thread. Like `map`, it keeps
    /// neither this property nor itself alive.
    ///
    /// A hop works out the latest value that came in, not the one that sent it, so a change made
    /// on the main actor while a hop from another thread waits is never undone by it; and a hop
    /// that comes after the derived property is gone calls nothing.
    @MainActor
    public func map<U: Sendable>(onMainActor transform: @escaping @MainActor @Sendable (Value) -> U) -> Property<U> {
        let changes = signal
        return Property(initial: transform(value), then: SignalProducer<U, Never> { observer, lifetime in
            let latest = LatestValue<Value>()
            lifetime += changes.observe { event in
                switch event {
                case let .value(value):
                    latest.set(value)
                    MainThread.run {
                        guard !lifetime.hasEnded, let value = latest.get() else { return }
                        observer.send(value: transform(value))
                    }
                case .completed, .interrupted, .failed: MainThread.run { observer.sendCompleted() }
                }
            }
        })
    }
}

/// The last value a derived property's source sent, read by its hops to the main actor.
private final class LatestValue<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    func set(_ newValue: Value) { value.withLock { $0 = newValue } }
    func get() -> Value? { value.withLock { $0 } }
}
