import Reactive
import Synchronization

/// The engine of `ViewModel.throttleWhileInactive`: passes values straight through while the
/// view model is active; while inactive sends at most one per interval, the latest, and flushes
/// a waiting value on activation.
final class ThrottleGate<Value: Sendable, Error: Swift.Error>: Disposable {
    // The observer is called with the lock released, through a pipe that serialises values from
    // the source, the timer and activation.
    private let lock = Mutex(State())
    private let output: Signal<Value, Error>.Observer
    private let interval: Duration
    private let scheduler: any DateScheduler

    private enum Decision { case send, wait, schedule(SchedulerInstant) }

    private struct State: Sendable {
        var isActive = false
        var pending: Value?
        var lastSent: SchedulerInstant?
        var timer: (any Disposable)?
        var isDisposed = false
    }

    init(observer: Signal<Value, Error>.Observer, interval: Duration, scheduler: any DateScheduler) {
        // One signal serialises the three sources of output: values, the timer, activation.
        let (signal, input) = Signal<Value, Error>.pipe()
        signal.observe(observer)
        self.output = input
        self.interval = interval
        self.scheduler = scheduler
    }

    var isDisposed: Bool { lock.withLock { $0.isDisposed } }

    func dispose() {
        let timer = lock.withLock { state -> (any Disposable)? in
            state.isDisposed = true
            defer { state.timer = nil }
            return state.timer
        }
        timer?.dispose()
    }

    func setActive(_ active: Bool) {
        let flushed = lock.withLock { state -> Value? in
            state.isActive = active
            guard active, let value = state.pending else { return nil }
            state.pending = nil
            state.timer?.dispose()
            state.timer = nil
            return value
        }
        if let flushed { output.send(value: flushed) }
    }

    func receive(_ event: Event<Value, Error>) {
        guard case let .value(value) = event else {
            dispose()
            output.send(event)
            return
        }
        let now = scheduler.now
        let decision = lock.withLock { state -> Decision in
            if state.isActive { return .send }
            if state.timer == nil, state.lastSent.map({ $0.advanced(by: interval) <= now }) ?? true {
                state.lastSent = now
                return .send
            }
            state.pending = value
            guard state.timer == nil, let last = state.lastSent else { return .wait }
            return .schedule(last.advanced(by: interval))
        }
        switch decision {
        case .send:
            output.send(value: value)
        case .wait:
            break
        case let .schedule(due):
            let timer = scheduler.schedule(at: due) { [weak self] in self?.flush() }
            lock.withLock { state in
                if state.isDisposed { timer?.dispose() } else { state.timer = timer }
            }
        }
    }

    private func flush() {
        let value = lock.withLock { state -> Value? in
            state.timer = nil
            guard let value = state.pending else { return nil }
            state.pending = nil
            state.lastSent = scheduler.now
            return value
        }
        if let value { output.send(value: value) }
    }
}
