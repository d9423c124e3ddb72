import CGtk
import Reactive
import ViewModelKit

/// The closure behind one key shortcut that may decline; GTK holds it and releases it with the action.
private final class KeyShortcutBox {
    let activate: () -> Bool
    init(_ activate: @escaping () -> Bool) { self.activate = activate }
}

/// Called by GTK, on its thread, when the trigger is pressed: TRUE if the closure handled it,
/// FALSE to let the key go on (to the text field that has the focus).
private let keyShortcutTrampoline: GtkShortcutFunc = { _, _, data in
    guard let data else { return 0 }
    return Unmanaged<KeyShortcutBox>.fromOpaque(data).takeUnretainedValue().activate() ? 1 : 0
}

private let releaseKeyShortcut: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<KeyShortcutBox>.fromOpaque(data).release()
}

/// A key shortcut on a widget whose closure may decline the key; disposing it removes it (on the
/// GTK thread). A local one runs in the bubble phase, after the focused widget: a text field's
/// own keys (BackSpace deletes) come first; a global one (`global`) fires from anywhere in the
/// widget's window. It holds the widget weakly: it never keeps it alive.
final class KeyShortcut: Disposable, Sendable {
    private let attached: AttachedController

    @MainActor
    init(on window: UnsafeMutablePointer<GtkWidget>, triggers: String, global: Bool = false,
         _ activate: @escaping @MainActor () -> Bool) {
        let controller: OpaquePointer = gtk_shortcut_controller_new()
        if global {
            gtk_shortcut_controller_set_scope(controller, GTK_SHORTCUT_SCOPE_GLOBAL)
        } else {
            gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_BUBBLE)
        }
        let box = KeyShortcutBox { GtkThread.assumeCurrent { activate() } }
        let action = gtk_callback_action_new(keyShortcutTrampoline, Unmanaged.passRetained(box).toOpaque(), releaseKeyShortcut)
        gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(gtk_shortcut_trigger_parse_string(triggers), action))
        attached = AttachedController(controller, on: window)
    }

    var isDisposed: Bool { attached.isDisposed }

    func dispose() { attached.dispose() }
}

extension Widget {
    /// Runs `handle` when one of `triggers` (`Escape|<Alt>Left|BackSpace`) reaches the widget
    /// (a window: from anywhere in it; another widget: while it or a widget inside it has the
    /// focus) unhandled by the focused widget; `handle` answers whether it used the key (false
    /// lets it go on). Until the result is disposed.
    @discardableResult
    public func addKeyShortcut(_ triggers: String, _ handle: @escaping @MainActor () -> Bool) -> any Disposable {
        KeyShortcut(on: pointer, triggers: triggers, handle)
    }

    /// Runs `handle` with `owner` (held weakly) when one of `triggers` reaches the widget, as
    /// `addKeyShortcut(_:_:)` does, until `owner`'s lifetime ends; a key that comes once `owner`
    /// is gone goes on.
    public func addKeyShortcut<Owner: LifetimeOwning>(
        _ triggers: String, with owner: Owner, _ handle: @escaping @MainActor (Owner) -> Bool
    ) {
        owner.lifetime += KeyShortcut(on: pointer, triggers: triggers) { [weak owner] in
            guard let owner else { return false }
            return handle(owner)
        }
    }
}

extension Window {

    /// Whether the widget with the keyboard focus takes typed text (an entry, a text view): keys
    /// such as BackSpace are its own there.
    public var focusTakesText: Bool {
        guard let focus = gtk_window_get_focus(pointer.typed(GtkWindow.self)) else { return false }
        let instance = UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self)
        return g_type_check_instance_is_a(instance, gtk_editable_get_type()) != 0
            || g_type_check_instance_is_a(instance, gtk_text_view_get_type()) != 0
    }

    /// Gives the keyboard focus to `widget` (nil: to the window itself).
    public func setFocus(_ widget: Widget?) { gtk_window_set_focus(pointer.typed(GtkWindow.self), widget?.pointer) }
}
