/// Why `Action.apply` failed: the action was disabled (or busy), or its work failed.
public enum ActionError<Error: Swift.Error>: Swift.Error {
    /// The action was disabled or already executing; nothing ran.
    case disabled
    /// The work ran and failed with this error.
    case producerFailed(Error)
}

extension ActionError: Equatable where Error: Equatable {}

extension ActionError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .disabled: return "action is disabled"
        case let .producerFailed(error): return String(describing: error)
        }
    }
}

/// A command a view can run (the seeds' RACCommand): work that takes an input and produces
/// outputs, with its enabled and executing states observable.
///
/// `isExecuting` is derived from the runs themselves and returns to false whenever a run ends,
/// however it ends (completes, fails, is interrupted or disposed), so it can never stay stuck.
/// Runs do not overlap unless `allowsConcurrentExecution` is set.
public final class Action<Input: Sendable, Output: Sendable, Error: Swift.Error>: Sendable {
    /// Whether `apply` would run now: the `enabledIf` condition holds and (unless concurrent
    /// runs are allowed) nothing is running.
    public let isEnabled: Property<Bool>
    /// Whether a run is in progress.
    public let isExecuting: Property<Bool>
    /// Every event of every run.
    public let events: Signal<Event<Output, Error>, Never>
    /// Every value of every run.
    public let values: Signal<Output, Never>
    /// Every failure of every run (not `disabled` refusals).
    public let errors: Signal<Error, Never>
    /// Fires when a run completes successfully.
    public let completed: Signal<Void, Never>
    /// Fires each time `apply` is refused because the action is disabled or busy.
    public let disabledErrors: Signal<Void, Never>

    private let execute: @Sendable (Input) -> SignalProducer<Output, Error>
    private let state: MutableProperty<ActionState>
    private let eventsInput: Signal<Event<Output, Error>, Never>.Observer
    private let disabledErrorsInput: Signal<Void, Never>.Observer
    private let enabledSubscription: any Disposable
    private let allowsConcurrentExecution: Bool

    private struct ActionState: Sendable, Equatable {
        var running = 0
        var userEnabled = true
    }

    /// An action running `execute(input)` on each `apply`, enabled while `enabledIf` is true.
    public init<P: PropertyProtocol>(
        enabledIf: P,
        allowsConcurrentExecution: Bool = false,
        execute: @escaping @Sendable (Input) -> SignalProducer<Output, Error>
    ) where P.Value == Bool {
        self.execute = execute
        self.allowsConcurrentExecution = allowsConcurrentExecution
        let state = MutableProperty(ActionState(running: 0, userEnabled: enabledIf.value))
        self.state = state
        enabledSubscription = enabledIf.producer.startWithValues { enabled in
            state.modify { $0.userEnabled = enabled }
        }
        isEnabled = state.map { $0.userEnabled && (allowsConcurrentExecution || $0.running == 0) }.skipRepeats()
        isExecuting = state.map { $0.running > 0 }.skipRepeats()
        let (events, input) = Signal<Event<Output, Error>, Never>.pipe()
        self.events = events
        eventsInput = input
        values = events.compactMap { $0.value }
        errors = events.compactMap { $0.error }
        completed = events.filter { $0.isCompleted }.map { _ in () }
        (disabledErrors, disabledErrorsInput) = Signal<Void, Never>.pipe()
    }

    /// An always-enabled action running `execute(input)` on each `apply`.
    public convenience init(
        allowsConcurrentExecution: Bool = false,
        execute: @escaping @Sendable (Input) -> SignalProducer<Output, Error>
    ) {
        self.init(enabledIf: Property(value: true), allowsConcurrentExecution: allowsConcurrentExecution, execute: execute)
    }

    /// An action running asynchronous `work` on each `apply`: `Action { try await login($0) }`.
    /// Disposing a run cancels its task.
    public convenience init<P: PropertyProtocol>(
        enabledIf: P,
        allowsConcurrentExecution: Bool = false,
        _ work: @escaping @Sendable (Input) async throws(Error) -> Output
    ) where P.Value == Bool {
        self.init(enabledIf: enabledIf, allowsConcurrentExecution: allowsConcurrentExecution) { input in
            SignalProducer { () async throws(Error) -> Output in try await work(input) }
        }
    }

    /// An always-enabled action running asynchronous `work` on each `apply`.
    public convenience init(
        allowsConcurrentExecution: Bool = false,
        _ work: @escaping @Sendable (Input) async throws(Error) -> Output
    ) {
        self.init(enabledIf: Property(value: true), allowsConcurrentExecution: allowsConcurrentExecution, work)
    }

    deinit {
        enabledSubscription.dispose()
        eventsInput.sendCompleted()
        disabledErrorsInput.sendCompleted()
    }

    /// A producer that, when started, runs the work with `input` — or fails with `.disabled` at
    /// once if the action is disabled or busy (and `disabledErrors` fires). Each event of the
    /// work reaches the applying observer first, then `events`, `values`, `errors`.
    public func apply(_ input: Input) -> SignalProducer<Output, ActionError<Error>> {
        let state = self.state
        let execute = self.execute
        let concurrent = allowsConcurrentExecution
        let eventsInput = self.eventsInput
        let disabledErrorsInput = self.disabledErrorsInput
        return SignalProducer { observer, lifetime in
            let admitted = state.modify { current -> Bool in
                guard current.userEnabled, concurrent || current.running == 0 else { return false }
                current.running += 1
                return true
            }
            guard admitted else {
                observer.send(error: .disabled)
                disabledErrorsInput.send(value: ())
                return
            }
            lifetime.observeEnded { state.modify { $0.running -= 1 } }
            execute(input).attach(Signal<Output, Error>.Observer { event in
                observer.send(event.mapError(ActionError.producerFailed))
                eventsInput.send(value: event)
            }, during: lifetime)
        }
    }
}

extension Action where Input == Void {
    /// `apply(())`.
    public func apply() -> SignalProducer<Output, ActionError<Error>> { apply(()) }
}
