import CGtk
import Reactive

extension ReactiveWidget where Base: Window {
    /// The window's title.
    public var title: BindingTarget<String> {
        target("title") { gtk_window_set_title($0.typed(GtkWindow.self), $1) }
    }

    /// Whether the window is the active (focused) one: its current state, then each change.
    public var isActive: SignalProducer<Bool, Never> {
        producer(initial: { gtk_window_is_active($0.typed(GtkWindow.self)) != 0 }) { widget, _, send in
            [SignalConnection(UnsafeMutableRawPointer(widget), signal: "notify::is-active", arguments: 1) {
                send(gtk_window_is_active(widget.typed(GtkWindow.self)) != 0)
            }]
        }
    }
}
