import CGtk
import Reactive

/// The closure behind one shortcut's callback action; GTK holds it and releases it with the action.
private final class ShortcutBox {
    let activate: () -> Void
    init(_ activate: @escaping () -> Void) { self.activate = activate }
}

/// Called by GTK, on its thread, when the shortcut's trigger is pressed. Answers TRUE: handled.
private let shortcutTrampoline: GtkShortcutFunc = { _, _, data in
    guard let data else { return 1 }
    Unmanaged<ShortcutBox>.fromOpaque(data).takeUnretainedValue().activate()
    return 1
}

private let releaseShortcut: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<ShortcutBox>.fromOpaque(data).release()
}

/// A shortcut installed on a window; disposing it takes it off again (on the GTK thread). It
/// watches the window weakly: it never keeps the window alive.
final class WindowShortcut: Disposable, @unchecked Sendable { // safe: its state is touched on the GTK thread only
    private let window: UnsafeMutablePointer<GWeakRef>
    private let controller: OpaquePointer
    private var disposed = false

    @MainActor
    init(on window: UnsafeMutablePointer<GtkWidget>, triggers: String, _ activate: @escaping @MainActor () -> Void) {
        self.window = .allocate(capacity: 1)
        self.window.initialize(to: GWeakRef())
        g_weak_ref_init(self.window, window)
        // Our own reference, besides the one the window takes: removed or not, we unref it once.
        controller = gtk_shortcut_controller_new()
        g_object_ref_sink(UnsafeMutableRawPointer(controller))
        gtk_shortcut_controller_set_scope(controller, GTK_SHORTCUT_SCOPE_GLOBAL)
        let box = ShortcutBox { GtkThread.assumeCurrent { activate() } }
        let action = gtk_callback_action_new(shortcutTrampoline, Unmanaged.passRetained(box).toOpaque(), releaseShortcut)
        gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(gtk_shortcut_trigger_parse_string(triggers), action))
        gtk_widget_add_controller(window, controller)
    }

    var isDisposed: Bool { disposed }

    func dispose() {
        guard GtkThread.isCurrent else {
            MainLoopScheduler.shared.schedule { self.dispose() }
            return
        }
        guard !disposed else { return }
        disposed = true
        if let object = g_weak_ref_get(window) {
            // A window that went on without it: take it off (a disposed window already dropped it).
            let widget = object.assumingMemoryBound(to: GtkWidget.self)
            if gtk_event_controller_get_widget(controller) == widget { gtk_widget_remove_controller(widget, controller) }
            g_object_unref(object)
        }
        g_weak_ref_clear(window)
        window.deallocate()
        g_object_unref(UnsafeMutableRawPointer(controller))
    }
}

extension Window {
    /// Runs `activate` whenever one of `triggers` (a GTK trigger string: `F5|<Control>r`,
    /// `<Control><Shift>p`) is pressed anywhere in the window, until the result is disposed.
    /// For shortcuts that come and go (a screen's own), dispose it when they go.
    @discardableResult
    public func addShortcut(_ triggers: String, _ activate: @escaping @MainActor () -> Void) -> any Disposable {
        WindowShortcut(on: pointer, triggers: triggers, activate)
    }

    /// Clicks `button` whenever one of `triggers` is pressed in the window, but only while the
    /// button is shown and takes input (a hidden or disabled button's shortcut does nothing),
    /// until the result is disposed. It clicks at once, without the press animation.
    @discardableResult
    public func addShortcut(_ triggers: String, clicking button: Button) -> any Disposable {
        addShortcut(triggers) {
            guard button.isVisible, gtk_widget_is_sensitive(button.pointer) != 0 else { return }
            button.click()
        }
    }
}
