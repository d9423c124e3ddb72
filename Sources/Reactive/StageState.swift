/// State of one pipeline stage that only its own event delivery touches. Events reach a stage one
/// at a time (see `SignalCore`), so no lock is needed.
@usableFromInline
final class StageState<T>: @unchecked Sendable { // safe: only the stage's serial delivery touches it
    @usableFromInline @exclusivity(unchecked) var value: T
    @inlinable init(_ value: T) { self.value = value }
}

/// State guarded by the lock of an operator's output relay (`SerialRelay.lockState`), so that
/// updating it and committing the event it decides happen in one critical section.
@usableFromInline
final class RelayGuarded<T>: @unchecked Sendable { // safe: `value` is only touched under the relay's lock
    @usableFromInline @exclusivity(unchecked) var value: T
    @inlinable init(_ value: T) { self.value = value }
}

/// State shared by callbacks that may run on different threads (several inputs, timers, disposal).
@usableFromInline
final class LockedState<T>: @unchecked Sendable { // safe: `value` is only touched inside `withLock`
    @usableFromInline let lock = SpinLock()
    @usableFromInline @exclusivity(unchecked) var value: T
    @inlinable init(_ value: T) { self.value = value }

    @inlinable
    func withLock<R>(_ body: (inout T) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// The pipeline stages shared by `Signal` and `SignalProducer` operators. Each returns a
/// transform: given the downstream observer and the observation's lifetime, the observer to attach
/// upstream.
@usableFromInline
enum Stage {
    @usableFromInline
    typealias Transform<V: Sendable, E: Swift.Error, U: Sendable, F: Swift.Error> =
        @Sendable (Signal<U, F>.Observer, Lifetime) -> Signal<V, E>.Observer

    /// How a multi-input operator reaches one of its inputs.
    @usableFromInline
    typealias Input<V: Sendable, E: Swift.Error> = @Sendable (Signal<V, E>.Observer, Lifetime) -> Void

    /// A relay that serialises events from several inputs (or threads) into `downstream`.
    @inlinable
    static func serializer<U, F>(_ downstream: Signal<U, F>.Observer) -> SerialRelay<U, F> {
        SerialRelay(downstream)
    }
}

extension SignalProducerConvertible {
    /// This source as a multi-input operator's input: signals attach, producers start a child run.
    @inlinable
    var stageInput: Stage.Input<Value, Error> {
        let producer = self.producer
        return { observer, lifetime in producer.attach(observer, during: lifetime) }
    }
}

extension Signal {
    @inlinable
    var stageInput: Stage.Input<Value, Error> {
        let signal = self
        return { observer, lifetime in signal.attach(observer, during: lifetime) }
    }
}
