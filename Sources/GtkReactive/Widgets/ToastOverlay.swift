import CGtk

/// A brief message over the window's content (an `AdwToast`): shown for `timeout` seconds,
/// after the toasts before it (libadwaita shows one at a time, in order).
public struct Toast: Sendable, Equatable {
    /// How a toast waits its turn.
    public enum Priority: Sendable, Equatable {
        /// After the toasts already waiting.
        case normal
        /// At once, the one showing going back to wait.
        case high
    }

    /// The text, plain (not markup).
    public var title: String
    /// Seconds it stays; libadwaita's 5 by default, 0 until dismissed.
    public var timeout: Int
    public var priority: Priority

    public init(_ title: String, timeout: Int = 5, priority: Priority = .normal) {
        self.title = title
        self.timeout = timeout
        self.priority = priority
    }
}

/// An `AdwToastOverlay`: shows `Toast`s over its child, queued, with GNOME's timing and look.
open class ToastOverlay: Widget {
    override open class var gtkType: GType { adw_toast_overlay_get_type() }

    /// A new overlay around `child`.
    public convenience init(child: Widget? = nil) {
        AdwaitaStyle.start()
        self.init(adw_toast_overlay_new())
        adw_toast_overlay_set_child(pointer.opaque, child?.pointer)
    }

    /// Queues `toast` (its title escaped: libadwaita 1.2 reads toast titles as Pango markup).
    public func add(_ toast: Toast) {
        let escaped = g_markup_escape_text(toast.title, -1)
        guard let made = adw_toast_new(escaped.map { String(cString: $0) } ?? "") else { return }
        g_free(escaped)
        adw_toast_set_timeout(made, guint(clamping: max(0, toast.timeout)))
        adw_toast_set_priority(made, toast.priority == .high ? ADW_TOAST_PRIORITY_HIGH : ADW_TOAST_PRIORITY_NORMAL)
        // The overlay takes the toast's one reference.
        adw_toast_overlay_add_toast(pointer.opaque, made)
    }
}
