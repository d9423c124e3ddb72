import CGtk

/// A `GtkToggleButton`: a button that stays pressed.
open class ToggleButton: Button {
    override open class var gtkType: GType { gtk_toggle_button_get_type() }

    /// A new toggle button labelled `label`.
    public convenience init(label: String) { self.init(gtk_toggle_button_new_with_label(label)) }

    /// Whether it is pressed in.
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(pointer.typed(GtkToggleButton.self)) != 0 }
        set { gtk_toggle_button_set_active(pointer.typed(GtkToggleButton.self), newValue ? 1 : 0) }
    }
}
