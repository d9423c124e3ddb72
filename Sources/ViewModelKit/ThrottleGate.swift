import Reactive
import Synchronization

/// The engine of `ViewModel.throttleWhileInactive`, as ReactiveViewModel's
/// `throttleSignalWhileInactive:` behaves (RAC's `throttle:valuesPassingTest:`):
/// - while active, values pass straight through;
/// - while inactive, a value is held; a newer one arriving before `interval` has passed replaces
///   it (and the wait starts again), and the held value is sent once `interval` passes with none
///   newer;
/// - becoming active sends a held value at once;
/// - completion sends a held value first, then completes; failure and interruption drop it.
final class ThrottleGate<Value: Sendable, Error: Swift.Error>: Disposable {
    private struct State {
        var isActive = false
        var held: Value?
        var isDisposed = false
    }

    private let state = Mutex(State())
    private let timer = SerialDisposable()
    private let interval: Duration
    private let scheduler: any DateScheduler
    /// One signal serialises the three sources of output: values, the timer, activation.
    private let output: Signal<Value, Error>.Observer

    init(observer: Signal<Value, Error>.Observer, interval: Duration, scheduler: any DateScheduler) {
        let (signal, input) = Signal<Value, Error>.pipe()
        signal.observe(observer)
        output = input
        self.interval = interval
        self.scheduler = scheduler
    }

    var isDisposed: Bool { state.withLock { $0.isDisposed } }

    func dispose() {
        state.withLock {
            $0.isDisposed = true
            $0.held = nil
        }
        timer.dispose()
    }

    /// Takes the held value, stopping its timer.
    private func takeHeld() -> Value? {
        let held = state.withLock { state -> Value? in
            defer { state.held = nil }
            return state.held
        }
        timer.inner = nil
        return held
    }

    func setActive(_ active: Bool) {
        state.withLock { $0.isActive = active }
        if active, let held = takeHeld() { output.send(value: held) }
    }

    func receive(_ event: Event<Value, Error>) {
        switch event {
        case let .value(value):
            let passes = state.withLock { state -> Bool in
                if state.isActive || state.isDisposed { return true }
                state.held = value
                return false
            }
            if passes {
                output.send(value: value)
                return
            }
            timer.inner = scheduler.schedule(after: interval) { [weak self] in
                guard let self, let held = self.state.withLock({ state -> Value? in
                    defer { state.held = nil }
                    return state.held
                }) else { return }
                self.output.send(value: held)
            }
        case .completed:
            if let held = takeHeld() { output.send(value: held) }
            dispose()
            output.sendCompleted()
        default:
            dispose()
            output.send(event)
        }
    }
}
