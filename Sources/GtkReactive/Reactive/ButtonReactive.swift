import CGtk
import Reactive

extension ReactiveWidget where Base: Button {
    /// The button's label.
    public var label: BindingTarget<String> {
        target("button-label") { gtk_button_set_label($0.typed(GtkButton.self), $1) }
    }

    /// The icon the button shows.
    public var iconName: BindingTarget<String> {
        target("button-icon") { gtk_button_set_icon_name($0.typed(GtkButton.self), $1) }
    }

    /// Each click (by the user, a shortcut, or `Button.click()`).
    public var clicked: SignalProducer<Void, Never> {
        producer { widget, _, send in
            [SignalConnection(UnsafeMutableRawPointer(widget), signal: "clicked") { send(()) }]
        }
    }
}
