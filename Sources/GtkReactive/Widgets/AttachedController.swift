import CGtk
import Reactive

/// An event controller on a widget for as long as it is not disposed: disposing takes it off
/// the widget (if the widget is still there and still has it) and drops our reference, on the
/// GTK thread. It holds the widget weakly: it never keeps it alive.
final class AttachedController: Disposable, @unchecked Sendable { // safe: its state is touched on the GTK thread only
    /// The controller (our own reference, besides the widget's).
    let controller: OpaquePointer
    private let widget: UnsafeMutablePointer<GWeakRef>
    private var disposed = false

    /// Adds `controller` (a new one, whose reference this takes) to `widget`.
    @MainActor
    init(_ controller: OpaquePointer, on widget: UnsafeMutablePointer<GtkWidget>) {
        self.controller = controller
        self.widget = .allocate(capacity: 1)
        self.widget.initialize(to: GWeakRef())
        g_weak_ref_init(self.widget, widget)
        // One reference for the widget to take, ours stays: removed or not, we unref it once.
        g_object_ref_sink(UnsafeMutableRawPointer(controller))
        gtk_widget_add_controller(widget, controller)
    }

    var isDisposed: Bool { disposed }

    func dispose() {
        guard GtkThread.isCurrent else {
            MainLoopScheduler.shared.schedule { self.dispose() }
            return
        }
        guard !disposed else { return }
        disposed = true
        if let object = g_weak_ref_get(widget) {
            // A widget that went on without it: take it off (a disposed one already dropped it).
            let widget = object.assumingMemoryBound(to: GtkWidget.self)
            if gtk_event_controller_get_widget(controller) == widget { gtk_widget_remove_controller(widget, controller) }
            g_object_unref(object)
        }
        g_weak_ref_clear(widget)
        widget.deallocate()
        g_object_unref(UnsafeMutableRawPointer(controller))
    }
}
