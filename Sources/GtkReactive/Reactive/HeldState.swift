import CGtk
import Reactive

extension ReactiveWidget {
    /// Whether someone is on the widget: the keyboard focus inside it or the pointer over it —
    /// now, then at each change. Content that changes by itself (a carousel) stands still while
    /// it is held, so it can be read (WCAG 2.2.2, "Pause, Stop, Hide"). Completes when the
    /// widget's lifetime ends; its focus and motion controllers go when the run is disposed.
    public var isHeld: SignalProducer<Bool, Never> {
        let handle = WidgetPointer(base.pointer)
        let lifetime = base.lifetime
        let state = base.state
        return SignalProducer { observer, run in
            GtkThread.run {
                guard !run.hasEnded else { return }
                guard !lifetime.hasEnded, !state.isDisposed else { return observer.sendCompleted() }
                let widget = handle.pointer
                let focus = AttachedController(gtk_event_controller_focus_new(), on: widget)
                let motion = AttachedController(gtk_event_controller_motion_new(), on: widget)
                run += focus
                run += motion
                let read = { @MainActor in
                    gtk_event_controller_focus_contains_focus(focus.controller) != 0
                        || gtk_event_controller_motion_contains_pointer(motion.controller) != 0
                }
                // A new focus controller learns of the focus at its next change: ask the window now.
                observer.send(value: Widget.containsFocus(widget) || read())
                run += SignalConnection(UnsafeMutableRawPointer(focus.controller), signal: "notify::contains-focus", arguments: 1) {
                    observer.send(value: read())
                }
                run += SignalConnection(UnsafeMutableRawPointer(motion.controller), signal: "notify::contains-pointer", arguments: 1) {
                    observer.send(value: read())
                }
                run += lifetime.observeEnded { observer.sendCompleted() }
            }
        }
    }
}
