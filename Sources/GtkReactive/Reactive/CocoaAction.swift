import Reactive

/// An `Action` made ready for a control (ReactiveCocoa's `CocoaAction`): what the control binds
/// (`isEnabled`, `isExecuting`) and what a press runs (`execute`).
///
/// `button.reactive.pressed = CocoaAction(viewModel.login)` is the whole binding. A run is
/// not tied to the control: it goes on after the control is gone (a like outlives its row).
@MainActor
public final class CocoaAction<Sender> {
    /// Whether a press would run the action (false while it runs, unless it runs concurrently).
    public let isEnabled: Property<Bool>
    /// Whether the action is running.
    public let isExecuting: Property<Bool>
    private let run: @MainActor (Sender) -> Void

    /// Runs `action` on each press.
    public init<Output, Failure>(_ action: Action<Void, Output, Failure>) {
        isEnabled = action.isEnabled
        isExecuting = action.isExecuting
        run = { _ in action.apply(()).start() }
    }

    /// Runs `action` with `input` on each press.
    public init<Input, Output, Failure>(_ action: Action<Input, Output, Failure>, input: Input) {
        isEnabled = action.isEnabled
        isExecuting = action.isExecuting
        run = { _ in action.apply(input).start() }
    }

    /// Runs `action` with the input `input` makes from the sender, on each press.
    public init<Input, Output, Failure>(_ action: Action<Input, Output, Failure>, _ input: @escaping @MainActor (Sender) -> Input) {
        isEnabled = action.isEnabled
        isExecuting = action.isExecuting
        run = { sender in action.apply(input(sender)).start() }
    }

    /// Runs the action for `sender`. A press while it is disabled or busy does nothing (the
    /// action's `disabledErrors` fires).
    public func execute(_ sender: Sender) { run(sender) }
}
