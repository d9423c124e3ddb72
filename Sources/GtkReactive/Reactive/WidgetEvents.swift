import CGtk
import Reactive

/// The pointer and keyboard events a row editor needs (edit on double click or F2, save when the
/// focus leaves, cancel on Escape), each a producer whose event controller lives while it runs.
extension ReactiveWidget {
    /// Whether its window's focus is in the widget (on it or a child), whether or not the window
    /// is the active one: now, then at each change. A row editor saves when this turns false.
    public var hasFocus: SignalProducer<Bool, Never> {
        attaching(gtk_event_controller_focus_new()) { widget, focus, send in
            let read = { @MainActor in send(Widget.containsFocus(widget)) }
            read()
            // The focus controller hears of moves while the window is active, the window of any.
            var connections = [SignalConnection(UnsafeMutableRawPointer(focus), signal: "notify::contains-focus", arguments: 1, read)]
            if let root = gtk_widget_get_root(widget) {
                connections.append(SignalConnection(UnsafeMutableRawPointer(root), signal: "notify::focus-widget", arguments: 1, read))
            }
            return connections
        }.skipRepeats()
    }

    /// Each press of the primary button that ends `count` presses in a row (2: a double click).
    /// Such a press is claimed, so it goes no further (a row's own click does not take the
    /// focus back from the editor it opens).
    public func pressed(count: Int) -> SignalProducer<Void, Never> {
        attaching(gtk_gesture_click_new()) { _, gesture, send in
            [SignalConnection(UnsafeMutableRawPointer(gesture), pressed: { presses in
                guard presses == count else { return }
                gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
                send(())
            })]
        }
    }

    /// Each press of the key named `key` (GDK's names: `"F2"`, `"Return"`, `"Escape"`) while the
    /// focus is in the widget, with no Control, Alt or Super held; the key is handled there and
    /// goes no further. An unknown name never sends.
    ///
    /// `beforeWidget`: heard before the widget's own key bindings and its children's (GTK's
    /// capture phase), so the key does what this says instead: Enter on a row's check button
    /// edits the row rather than toggling the check (a button's bindings take Enter, Space).
    public func keyPressed(_ key: String, beforeWidget: Bool = false) -> SignalProducer<Void, Never> {
        let keyval = gdk_keyval_from_name(key)
        let modifiers = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue
        return attaching(Self.keyController(beforeWidget: beforeWidget)) { _, controller, send in
            [SignalConnection(UnsafeMutableRawPointer(controller), keyPressed: { pressed, state in
                guard keyval != 0, pressed == keyval, state & modifiers == 0 else { return false }
                send(())
                return true
            })]
        }
    }

    /// A key controller, in the capture phase when it hears keys `beforeWidget`.
    @MainActor
    private static func keyController(beforeWidget: Bool) -> OpaquePointer? {
        let controller = gtk_event_controller_key_new()
        if beforeWidget, let controller { gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE) }
        return controller
    }

    /// A producer that adds `make()`'s controller to the widget for each run (removed when the
    /// run ends) and connects the handlers `connect` returns; completes with the widget.
    fileprivate func attaching<Value: Sendable>(
        _ make: @autoclosure @escaping @MainActor @Sendable () -> OpaquePointer?,
        _ connect: @escaping @MainActor @Sendable (
            UnsafeMutablePointer<GtkWidget>, OpaquePointer, @escaping @MainActor (Value) -> Void
        ) -> [SignalConnection]
    ) -> SignalProducer<Value, Never> {
        let handle = WidgetPointer(base.pointer)
        let lifetime = base.lifetime
        let state = base.state
        return SignalProducer { observer, run in
            GtkThread.run {
                guard !run.hasEnded else { return }
                guard !lifetime.hasEnded, !state.isDisposed, let made = make() else { return observer.sendCompleted() }
                let controller = AttachedController(made, on: handle.pointer)
                run += controller
                for connection in connect(handle.pointer, controller.controller, { observer.send(value: $0) }) { run += connection }
                run += lifetime.observeEnded { observer.sendCompleted() }
            }
        }
    }
}
