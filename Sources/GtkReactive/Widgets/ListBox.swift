import CGtk

/// A `GtkListBox`: a short list of rows, all built (for long lists, `ListView`).
open class ListBox: Widget {
    override open class var gtkType: GType { gtk_list_box_get_type() }

    /// A new, empty list box.
    public convenience init() { self.init(gtk_list_box_new()) }

    /// Adds `child` as the last row (GTK wraps it in a `GtkListBoxRow` unless it is one).
    public func append(_ child: Widget) { gtk_list_box_append(pointer.opaque, child.pointer) }

    /// Removes `child` (a row, or the widget a row wraps).
    public func remove(_ child: Widget) {
        let row = gtk_widget_get_parent(child.pointer).flatMap { parent in
            g_type_check_instance_is_a(UnsafeMutableRawPointer(parent).assumingMemoryBound(to: GTypeInstance.self),
                                       gtk_list_box_row_get_type()) != 0 ? parent : nil
        }
        gtk_list_box_remove(pointer.opaque, row ?? child.pointer)
    }
}
