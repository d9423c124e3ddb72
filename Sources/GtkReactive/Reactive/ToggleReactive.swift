import CGtk
import Reactive

/// A toggle's state, both ways, as `EntryText` is an entry's text: a binding target
/// (`check.reactive.isActive <~ model.isDone`), a source (its state now, then each change), or
/// both at once with `<~>` (`check.reactive.isActive <~> model.isDone`).
///
/// Toggles (ToggleButton, CheckButton, Switch) follow the echo rule: a change the target makes
/// is not reported by `changes`; a change by anyone else is (a click, a keyboard toggle, a
/// `gtk_…_set_active` from other code).
public struct ToggleState: TwoWayWidgetValue, BindingSource {
    public typealias Value = Bool
    public typealias Error = Never

    /// Sets the toggle.
    public let bindingTarget: BindingTarget<Bool>
    /// Each change of the state not made by `bindingTarget`, without the current state.
    public let changes: SignalProducer<Bool, Never>
    /// The current state, then `changes`.
    public let producer: SignalProducer<Bool, Never>

    @MainActor
    fileprivate init<Base>(
        _ reactive: ReactiveWidget<Base>, signal: String, arguments: Int = 0,
        read: @escaping @MainActor @Sendable (UnsafeMutablePointer<GtkWidget>) -> Bool,
        write: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>, Bool) -> Void
    ) {
        bindingTarget = reactive.echoFreeTarget("active", write)
        let connect: @MainActor @Sendable (UnsafeMutablePointer<GtkWidget>, WidgetState, @escaping @MainActor (Bool) -> Void) -> [SignalConnection] = { widget, state, send in
            [SignalConnection(UnsafeMutableRawPointer(widget), signal: signal, arguments: arguments) {
                guard !state.isApplying("active") else { return }
                send(read(widget))
            }]
        }
        changes = reactive.producer(connect)
        producer = reactive.producer(initial: read, connect)
    }
}

extension ReactiveWidget where Base: ToggleButton {
    /// Whether the button is pressed in, both ways (see `ToggleState`).
    public var isActive: ToggleState {
        ToggleState(self, signal: "toggled",
                    read: { gtk_toggle_button_get_active($0.typed(GtkToggleButton.self)) != 0 },
                    write: { gtk_toggle_button_set_active($0.typed(GtkToggleButton.self), $1 ? 1 : 0) })
    }
}

extension ReactiveWidget where Base: CheckButton {
    /// Whether the button is checked, both ways (see `ToggleState`).
    public var isActive: ToggleState {
        ToggleState(self, signal: "toggled",
                    read: { gtk_check_button_get_active($0.typed(GtkCheckButton.self)) != 0 },
                    write: { gtk_check_button_set_active($0.typed(GtkCheckButton.self), $1 ? 1 : 0) })
    }
}

extension ReactiveWidget where Base: Switch {
    /// Whether the switch is on, both ways (see `ToggleState`; it follows the `active` property).
    public var isActive: ToggleState {
        ToggleState(self, signal: "notify::active", arguments: 1,
                    read: { gtk_switch_get_active($0.opaque) != 0 },
                    write: { gtk_switch_set_active($0.opaque, $1 ? 1 : 0) })
    }
}
