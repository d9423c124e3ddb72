import Reactive
import Synchronization

/// The engine of `ViewModel.throttleWhileInactive`: passes values straight through while the
/// view model is active; while inactive, throttles them (`Throttle`), and sends a value still
/// waiting the moment the view model becomes active again.
final class ThrottleGate<Value: Sendable, Error: Swift.Error>: Disposable {
    private let isActive = Atomic(false)
    private let disposed = Atomic(false)
    private let throttle: Throttle<Value>
    private let scheduler: any DateScheduler
    /// One signal serialises the three sources of output: values, the timer, activation.
    private let output: Signal<Value, Error>.Observer

    init(observer: Signal<Value, Error>.Observer, interval: Duration, scheduler: any DateScheduler) {
        let (signal, input) = Signal<Value, Error>.pipe()
        signal.observe(observer)
        output = input
        throttle = Throttle(interval: interval)
        self.scheduler = scheduler
    }

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    func dispose() {
        disposed.store(true, ordering: .releasing)
        throttle.cancel()
    }

    func setActive(_ active: Bool) {
        isActive.store(active, ordering: .releasing)
        if active, let waiting = throttle.takePending() { output.send(value: waiting) }
    }

    func receive(_ event: Event<Value, Error>) {
        guard case let .value(value) = event else {
            dispose()
            output.send(event)
            return
        }
        if isActive.load(ordering: .acquiring) {
            output.send(value: value)
            return
        }
        switch throttle.offer(value, at: scheduler.now) {
        case .send:
            output.send(value: value)
        case .hold:
            break
        case let .holdAndSchedule(due, ticket):
            let timer = scheduler.schedule(at: due) { [weak self] in
                guard let self, let value = throttle.fire(at: scheduler.now) else { return }
                output.send(value: value)
            }
            throttle.setTimer(timer, ticket: ticket)
        }
    }
}
