import CGtk

/// A `GtkStack`: one child shown at a time.
open class Stack: Widget {
    override open class var gtkType: GType { gtk_stack_get_type() }

    /// A new, empty stack.
    public convenience init() { self.init(gtk_stack_new()) }

    /// Adds `child` under `name` (the name it is shown by).
    public func add(_ child: Widget, named name: String) { gtk_stack_add_named(pointer.opaque, child.pointer, name) }

    /// Removes `child`.
    public func remove(_ child: Widget) { gtk_stack_remove(pointer.opaque, child.pointer) }

    /// The name of the child shown, if it has one.
    public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(pointer.opaque).map { String(cString: $0) } }
        set { if let newValue { gtk_stack_set_visible_child_name(pointer.opaque, newValue) } }
    }

    /// Shows `child`.
    public func showChild(_ child: Widget) { gtk_stack_set_visible_child(pointer.opaque, child.pointer) }

    /// The position of the child shown, in the order the children were added; nil when empty.
    public var visibleIndex: Int? {
        get {
            guard let shown = gtk_stack_get_visible_child(pointer.opaque) else { return nil }
            var index = 0
            var child = gtk_widget_get_first_child(pointer)
            while let current = child, current != shown {
                index += 1
                child = gtk_widget_get_next_sibling(current)
            }
            return child == nil ? nil : index
        }
        set {
            guard let newValue, let child = Self.child(of: pointer, at: newValue) else { return }
            gtk_stack_set_visible_child(pointer.opaque, child)
        }
    }

    /// The child at `index` of `stack`, if there is one.
    static func child(of stack: UnsafeMutablePointer<GtkWidget>, at index: Int) -> UnsafeMutablePointer<GtkWidget>? {
        guard index >= 0 else { return nil }
        var child = gtk_widget_get_first_child(stack)
        var position = 0
        while let current = child, position < index {
            position += 1
            child = gtk_widget_get_next_sibling(current)
        }
        return child
    }
}
