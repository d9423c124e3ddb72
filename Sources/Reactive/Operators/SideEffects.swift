import Synchronization

// Operators that watch events without changing them: side effects and debugging.

extension Stage {
    @inlinable
    static func on<V, E>(
        event: (@Sendable (Event<V, E>) -> Void)?,
        value: (@Sendable (V) -> Void)?,
        failed: (@Sendable (E) -> Void)?,
        completed: (@Sendable () -> Void)?,
        interrupted: (@Sendable () -> Void)?,
        terminated: (@Sendable () -> Void)?,
        disposed: (@Sendable () -> Void)?
    ) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            if let disposed { lifetime.observeEnded(disposed) }
            return Signal<V, E>.Observer { received in
                event?(received)
                switch received {
                case let .value(v): value?(v)
                case let .failed(error): failed?(error)
                case .completed: completed?()
                case .interrupted: interrupted?()
                }
                if received.isTerminating { terminated?() }
                downstream.action(received)
            }
        }
    }
}

/// Where `logEvents` writes, and whether named streams trace their events.
public enum ReactiveLog {
    /// When true, streams given a name with `named(_:)` log every event (an app turns it on from
    /// its own switch, such as `SHELF_TRACE=1`). Read when a stream is named.
    public static var isTracing: Bool {
        get { tracing.load(ordering: .relaxed) }
        set { tracing.store(newValue, ordering: .relaxed) }
    }

    /// Writes one line; defaults to standard error.
    public typealias Logger = @Sendable (_ identifier: String, _ event: String) -> Void

    /// The logger used when `logEvents` is given none.
    public static let standardError: Logger = { identifier, event in
        var line = "[\(identifier)] \(event)\n"
        line.withUTF8 { bytes in _ = writeToStandardError(bytes) }
    }
}

private let tracing = Atomic<Bool>(false)

#if canImport(Glibc)
import Glibc
private func writeToStandardError(_ bytes: UnsafeBufferPointer<UInt8>) -> Int { write(2, bytes.baseAddress, bytes.count) }
#elseif canImport(Darwin)
import Darwin
private func writeToStandardError(_ bytes: UnsafeBufferPointer<UInt8>) -> Int { write(2, bytes.baseAddress, bytes.count) }
#endif

extension Signal {
    /// Runs side effects for events as they pass, before the downstream observer sees them.
    /// `disposed` runs when the observation ends, however it ends.
    public func on(
        event: (@Sendable (Event<Value, Error>) -> Void)? = nil,
        value: (@Sendable (Value) -> Void)? = nil,
        failed: (@Sendable (Error) -> Void)? = nil,
        completed: (@Sendable () -> Void)? = nil,
        interrupted: (@Sendable () -> Void)? = nil,
        terminated: (@Sendable () -> Void)? = nil,
        disposed: (@Sendable () -> Void)? = nil
    ) -> Signal<Value, Error> {
        lift(Stage.on(event: event, value: value, failed: failed, completed: completed,
                      interrupted: interrupted, terminated: terminated, disposed: disposed))
    }

    /// Names this stream for debugging: while `ReactiveLog.isTracing` is on, its events are
    /// logged under `name`; otherwise it is returned unchanged, at no cost.
    public func named(_ name: String) -> Signal<Value, Error> {
        ReactiveLog.isTracing ? logEvents(identifier: name) : self
    }

    /// Logs every event that passes, then `terminated` and `disposed`, as `[identifier] value 3`,
    /// to `logger`.
    public func logEvents(
        identifier: String = "Signal", logger: @escaping ReactiveLog.Logger = ReactiveLog.standardError
    ) -> Signal<Value, Error> {
        on(event: { logger(identifier, $0.description) }, terminated: { logger(identifier, "terminated") },
           disposed: { logger(identifier, "disposed") })
    }
}

extension SignalProducer {
    /// Runs side effects around each start and for events as they pass. `starting` runs before
    /// the work starts, `started` after the start handler returned, `disposed` when the run ends.
    public func on(
        starting: (@Sendable () -> Void)? = nil,
        started: (@Sendable () -> Void)? = nil,
        event: (@Sendable (Event<Value, Error>) -> Void)? = nil,
        value: (@Sendable (Value) -> Void)? = nil,
        failed: (@Sendable (Error) -> Void)? = nil,
        completed: (@Sendable () -> Void)? = nil,
        interrupted: (@Sendable () -> Void)? = nil,
        terminated: (@Sendable () -> Void)? = nil,
        disposed: (@Sendable () -> Void)? = nil
    ) -> SignalProducer<Value, Error> {
        let lifted = lift(Stage.on(event: event, value: value, failed: failed, completed: completed,
                                   interrupted: interrupted, terminated: terminated, disposed: disposed))
        guard starting != nil || started != nil else { return lifted }
        return SignalProducer { observer, lifetime in
            starting?()
            lifted.startHandler(observer, lifetime)
            started?()
        }
    }

    /// Names this stream for debugging: while `ReactiveLog.isTracing` is on, its starts and
    /// events are logged under `name`; otherwise it is returned unchanged, at no cost.
    public func named(_ name: String) -> SignalProducer<Value, Error> {
        ReactiveLog.isTracing ? logEvents(identifier: name) : self
    }

    /// Logs each run's `starting` and `started`, every event, `terminated` and `disposed`, as
    /// `[identifier] value 3`, to `logger`.
    public func logEvents(
        identifier: String = "SignalProducer", logger: @escaping ReactiveLog.Logger = ReactiveLog.standardError
    ) -> SignalProducer<Value, Error> {
        on(starting: { logger(identifier, "starting") }, started: { logger(identifier, "started") },
           event: { logger(identifier, $0.description) }, terminated: { logger(identifier, "terminated") },
           disposed: { logger(identifier, "disposed") })
    }
}
