/// The state of one `throttle` stage: the latest value waiting and when a value last went out.
@usableFromInline
struct ThrottleState<Value> {
    @usableFromInline var lastSent: SchedulerInstant?
    @usableFromInline var pending: Value?
    @inlinable init() {}
}

/// The state of one `debounce` stage: the latest value waiting and when it arrived.
@usableFromInline
struct DebounceState<Value> {
    @usableFromInline var lastUpdated = SchedulerInstant.zero
    @usableFromInline var pending: Value?
    @inlinable init() {}

    /// Takes the waiting value.
    @inlinable
    mutating func take() -> Value? {
        defer { pending = nil }
        return pending
    }
}
