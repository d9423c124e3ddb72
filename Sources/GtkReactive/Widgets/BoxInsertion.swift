import CGtk

extension Box {
    /// Adds `child` right after `sibling` (a child of this box), or first when `sibling` is nil.
    public func insert(_ child: Widget, after sibling: Widget?) {
        gtk_box_insert_child_after(pointer.typed(GtkBox.self), child.pointer, sibling?.pointer)
    }

    /// Whether `child` is one of the box's children.
    public func contains(_ child: Widget) -> Bool { gtk_widget_get_parent(child.pointer) == pointer }
}
