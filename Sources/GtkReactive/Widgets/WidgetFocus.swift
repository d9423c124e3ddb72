import CGtk

extension Widget {
    /// Whether the keyboard focus of its window is on it or on a widget inside it.
    public var containsFocus: Bool {
        guard let root = gtk_widget_get_root(pointer), let focus = gtk_root_get_focus(root) else { return false }
        return focus == pointer || gtk_widget_is_ancestor(focus, pointer) != 0
    }

    /// Whether its window has no focused widget at all (the focused one went away, as a hidden
    /// status page's button): the page may then place the focus where it belongs.
    public var windowHasNoFocus: Bool {
        guard let root = gtk_widget_get_root(pointer) else { return false }
        return gtk_root_get_focus(root) == nil
    }
}
