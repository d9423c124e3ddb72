import CGtk

/// A `GtkBox`: children in a row or a column.
open class Box: Widget {
    override open class var gtkType: GType { gtk_box_get_type() }

    /// Which way a box lays out its children.
    public enum Orientation: Sendable {
        case horizontal, vertical

        var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
    }

    /// A new box laying out its children along `orientation`, `spacing` pixels apart.
    public convenience init(_ orientation: Orientation = .vertical, spacing: Int = 0) {
        self.init(gtk_box_new(orientation.gtk, Int32(clamping: spacing)))
    }

    /// Adds `child` at the end.
    public func append(_ child: Widget) { gtk_box_append(pointer.typed(GtkBox.self), child.pointer) }

    /// Removes `child` (which must be a child of this box).
    public func remove(_ child: Widget) { gtk_box_remove(pointer.typed(GtkBox.self), child.pointer) }

    /// Removes every child.
    public func removeAll() {
        while let child = gtk_widget_get_first_child(pointer) { gtk_box_remove(pointer.typed(GtkBox.self), child) }
    }

    /// How many children it has.
    public var childCount: Int {
        var count = 0
        var child = gtk_widget_get_first_child(pointer)
        while let current = child {
            count += 1
            child = gtk_widget_get_next_sibling(current)
        }
        return count
    }
}
