import CGtk
import Reactive

extension ReactiveWidget {
    /// Whether the widget is shown and sensitive (its own flags, not its parents'): what a
    /// command standing for it (a menu item's action) should be enabled by. Starts with the
    /// current state; a change of either flag sends the new one.
    public var isAvailable: SignalProducer<Bool, Never> {
        let read: @MainActor @Sendable (UnsafeMutablePointer<GtkWidget>) -> Bool = {
            gtk_widget_get_visible($0) != 0 && gtk_widget_get_sensitive($0) != 0
        }
        return producer(initial: read) { widget, _, send in
            let raw = UnsafeMutableRawPointer(widget)
            let handle = WidgetPointer(widget)
            return ["notify::visible", "notify::sensitive"].map { name in
                SignalConnection(raw, signal: name, arguments: 1) { send(read(handle.pointer)) }
            }
        }.skipRepeats()
    }
}
