import CGtk

/// A `GtkCheckButton`. In GTK 4 it is not a toggle button (nor a button): a widget of its own.
open class CheckButton: Widget {
    override open class var gtkType: GType { gtk_check_button_get_type() }

    /// A new check button labelled `label`.
    public convenience init(label: String) { self.init(gtk_check_button_new_with_label(label)) }

    /// Whether it is checked.
    public var isActive: Bool {
        get { gtk_check_button_get_active(pointer.typed(GtkCheckButton.self)) != 0 }
        set { gtk_check_button_set_active(pointer.typed(GtkCheckButton.self), newValue ? 1 : 0) }
    }
}
