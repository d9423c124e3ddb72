import CGtk

extension Widget {
    /// Whether the keyboard focus of its window is on it or on a widget inside it.
    public var containsFocus: Bool { Self.containsFocus(pointer) }

    /// Whether the keyboard focus of `widget`'s window is on it or inside it (for code that holds
    /// only the pointer, as a producer's run does).
    static func containsFocus(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    /// Whether its window has no focused widget at all (the focused one went away, as a hidden
    /// status page's button): the page may then place the focus where it belongs.
    public var windowHasNoFocus: Bool {
        guard let root = gtk_widget_get_root(pointer) else { return false }
        return gtk_root_get_focus(root) == nil
    }
}
