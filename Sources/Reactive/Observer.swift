extension Signal {
    /// Receives a signal's events. Sending through an observer is how a source emits.
    public final class Observer: Sendable {
        /// The closure every event is handed to.
        public let action: @Sendable (Event<Value, Error>) -> Void

        /// An observer that hands every event to `action`.
        @inlinable
        public init(_ action: @escaping @Sendable (Event<Value, Error>) -> Void) {
            self.action = action
        }

        /// An observer with a closure per kind of event; any may be left out.
        @inlinable
        public convenience init(
            value: (@Sendable (Value) -> Void)? = nil,
            failed: (@Sendable (Error) -> Void)? = nil,
            completed: (@Sendable () -> Void)? = nil,
            interrupted: (@Sendable () -> Void)? = nil
        ) {
            self.init { event in
                switch event {
                case let .value(v): value?(v)
                case let .failed(error): failed?(error)
                case .completed: completed?()
                case .interrupted: interrupted?()
                }
            }
        }

        @inlinable public func send(_ event: Event<Value, Error>) { action(event) }
        @inlinable public func send(value: Value) { action(.value(value)) }
        @inlinable public func send(error: Error) { action(.failed(error)) }
        @inlinable public func sendCompleted() { action(.completed) }
        @inlinable public func sendInterrupted() { action(.interrupted) }

        /// Forwards a terminal event of another value type; ignores values.
        @inlinable
        public func forwardTerminal<U>(_ event: Event<U, Error>) {
            switch event {
            case .value: break
            case let .failed(error): action(.failed(error))
            case .completed: action(.completed)
            case .interrupted: action(.interrupted)
            }
        }
    }
}
