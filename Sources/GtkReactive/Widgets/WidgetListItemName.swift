import CGtk
import GtkShim

extension Widget {
    /// Names the list item that holds this row widget (a `GtkListView`'s row, the widget that
    /// takes the keyboard focus and that screen readers announce): GTK 4.8 gives list items no
    /// name of their own, so a row names its item when bound. Does nothing outside a list.
    public func setListItemAccessibleLabel(_ label: String) {
        guard let parent = gtk_widget_get_parent(pointer) else { return }
        let instance = UnsafeMutableRawPointer(parent).assumingMemoryBound(to: GTypeInstance.self)
        // GtkListItemWidget is GTK's private type: known by its name only.
        guard String(cString: g_type_name_from_instance(instance)) == "GtkListItemWidget" else { return }
        grshim_set_accessible_label(parent, label)
    }
}
