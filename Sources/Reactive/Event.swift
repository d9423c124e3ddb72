/// What a signal sends: any number of values, then at most one terminal event.
///
/// `failed` carries the error, `completed` means the work finished, `interrupted` means it was
/// cancelled (its subscription disposed or its source went away) before finishing.
@frozen
public enum Event<Value: Sendable, Error: Swift.Error>: Sendable {
    case value(Value)
    case failed(Error)
    case completed
    case interrupted

    /// Whether this event ends the stream.
    @inlinable
    public var isTerminating: Bool {
        if case .value = self { return false }
        return true
    }

    /// Whether this event is `completed`.
    @inlinable
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// The carried value, if this is a value event.
    @inlinable
    public var value: Value? {
        if case let .value(value) = self { return value }
        return nil
    }

    /// The carried error, if this is a failure.
    @inlinable
    public var error: Error? {
        if case let .failed(error) = self { return error }
        return nil
    }

    /// The same event with its value transformed.
    @inlinable
    public func map<U>(_ transform: (Value) -> U) -> Event<U, Error> {
        switch self {
        case let .value(value): return .value(transform(value))
        case let .failed(error): return .failed(error)
        case .completed: return .completed
        case .interrupted: return .interrupted
        }
    }

    /// The same event with its error transformed.
    @inlinable
    public func mapError<F>(_ transform: (Error) -> F) -> Event<Value, F> {
        switch self {
        case let .value(value): return .value(value)
        case let .failed(error): return .failed(transform(error))
        case .completed: return .completed
        case .interrupted: return .interrupted
        }
    }

    /// The same terminal event, retyped for another value type; `nil` for value events.
    @inlinable
    public func terminal<U>(as _: U.Type = U.self) -> Event<U, Error>? {
        switch self {
        case .value: return nil
        case let .failed(error): return .failed(error)
        case .completed: return .completed
        case .interrupted: return .interrupted
        }
    }
}

extension Event {
    /// This event retyped for another value type, for forwarding a terminal event; a value event
    /// (which callers never pass) becomes `interrupted`.
    @inlinable
    public func asTerminal<U>(_: U.Type = U.self) -> Event<U, Error> {
        terminal(as: U.self) ?? .interrupted
    }
}

extension Event: Equatable where Value: Equatable, Error: Equatable {}

extension Event: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .value(value): return "value \(value)"
        case let .failed(error): return "failed \(error)"
        case .completed: return "completed"
        case .interrupted: return "interrupted"
        }
    }
}
