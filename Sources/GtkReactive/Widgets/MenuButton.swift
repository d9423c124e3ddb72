import CGtk

/// A `GtkMenuButton`: a button that opens a popover.
open class MenuButton: Widget {
    override open class var gtkType: GType { gtk_menu_button_get_type() }

    /// A new menu button showing the icon `iconName`.
    public convenience init(iconName: String) {
        self.init(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(pointer.opaque, iconName)
    }

    /// Opens its popover.
    public func popup() { gtk_menu_button_popup(pointer.opaque) }

    /// Closes its popover.
    public func popdown() { gtk_menu_button_popdown(pointer.opaque) }
}
