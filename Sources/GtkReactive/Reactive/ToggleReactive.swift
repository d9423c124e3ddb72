import CGtk
import Reactive

/// Toggles (ToggleButton, CheckButton, Switch) follow the echo rule: a change their own
/// `isActive` target makes is not reported by `toggled`; a change by anyone else is (a click,
/// a keyboard toggle, a `gtk_…_set_active` from other code).
extension ReactiveWidget where Base: ToggleButton {
    /// Whether the button is pressed in.
    public var isActive: BindingTarget<Bool> {
        echoFreeTarget("active") { gtk_toggle_button_set_active($0.typed(GtkToggleButton.self), $1 ? 1 : 0) }
    }

    /// Its new state on each change not made by `isActive`.
    public var toggled: SignalProducer<Bool, Never> {
        toggles(on: "toggled") { gtk_toggle_button_get_active($0.typed(GtkToggleButton.self)) != 0 }
    }
}

extension ReactiveWidget where Base: CheckButton {
    /// Whether the button is checked.
    public var isActive: BindingTarget<Bool> {
        echoFreeTarget("active") { gtk_check_button_set_active($0.typed(GtkCheckButton.self), $1 ? 1 : 0) }
    }

    /// Its new state on each change not made by `isActive`.
    public var toggled: SignalProducer<Bool, Never> {
        toggles(on: "toggled") { gtk_check_button_get_active($0.typed(GtkCheckButton.self)) != 0 }
    }
}

extension ReactiveWidget where Base: Switch {
    /// Whether the switch is on.
    public var isActive: BindingTarget<Bool> {
        echoFreeTarget("active") { gtk_switch_set_active($0.opaque, $1 ? 1 : 0) }
    }

    /// Its new state on each change not made by `isActive` (it follows the `active` property,
    /// so programmatic sets are reported too).
    public var toggled: SignalProducer<Bool, Never> {
        toggles(on: "notify::active", arguments: 1) { gtk_switch_get_active($0.opaque) != 0 }
    }
}

extension ReactiveWidget {
    /// The state `read` gives after each emission of `signal`, except those the `isActive`
    /// target caused (the echo rule).
    fileprivate func toggles(
        on signal: String, arguments: Int = 0, _ read: @escaping @MainActor @Sendable (UnsafeMutablePointer<GtkWidget>) -> Bool
    ) -> SignalProducer<Bool, Never> {
        producer { widget, state, send in
            [SignalConnection(UnsafeMutableRawPointer(widget), signal: signal, arguments: arguments) {
                guard !state.isApplying("active") else { return }
                send(read(widget))
            }]
        }
    }
}
