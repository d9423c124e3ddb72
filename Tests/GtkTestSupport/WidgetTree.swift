import CGtk

/// `widget` and every widget under it, depth first in tree order: filter it to find widgets by
/// name, type, CSS class or builder id.
@MainActor
public func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    var found = [widget]
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
        found += descendants(of: current)
        child = gtk_widget_get_next_sibling(current)
    }
    return found
}

/// The widget's name (`gtk_widget_get_name`: its CSS name unless one was set).
@MainActor
public func widgetName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
    String(cString: gtk_widget_get_name(widget))
}

/// Whether the widget is an instance of `type` (or of a subclass).
@MainActor
public func isInstance(_ widget: UnsafeMutablePointer<GtkWidget>, of type: GType) -> Bool {
    g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
}

/// The widget's builder id (from its `.ui` file), if it has one.
@MainActor
public func builderID(_ widget: UnsafeMutablePointer<GtkWidget>) -> String? {
    gtk_buildable_get_buildable_id(OpaquePointer(widget)).map { String(cString: $0) }
}
