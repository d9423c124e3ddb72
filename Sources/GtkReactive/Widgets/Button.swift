import CGtk
import GtkShim

/// A `GtkButton`.
open class Button: Widget {
    override open class var gtkType: GType { gtk_button_get_type() }

    /// A new button labelled `label`.
    public convenience init(label: String) { self.init(gtk_button_new_with_label(label)) }

    /// A new button showing the icon `iconName`.
    public convenience init(iconName: String) { self.init(gtk_button_new_from_icon_name(iconName)) }

    /// The button's label, or "" when it shows an icon or a child.
    public var label: String {
        get { gtk_button_get_label(pointer.typed(GtkButton.self)).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(pointer.typed(GtkButton.self), newValue) }
    }

    /// The icon the button shows, if any (setting nil leaves it).
    public var iconName: String? {
        get { gtk_button_get_icon_name(pointer.typed(GtkButton.self)).map { String(cString: $0) } }
        set { if let newValue { gtk_button_set_icon_name(pointer.typed(GtkButton.self), newValue) } }
    }

    /// Clicks the button, as a user would (emits `clicked`).
    public func click() { grshim_emit(pointer, "clicked") }
}
