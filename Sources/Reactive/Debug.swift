import Synchronization

/// Debugging aids: counts that prove nothing leaks.
public enum ReactiveDebug {
    /// Subscriptions alive in the whole process: observers attached to signals, producer runs and
    /// bindings not yet freed. A leak check reads it before and after the code under test, with
    /// nothing else running.
    public static var liveSubscriptions: Int { liveSubscriptionCounter.load(ordering: .relaxed) }
}
