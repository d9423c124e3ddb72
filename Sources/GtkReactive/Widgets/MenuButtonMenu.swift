import CGtk

extension MenuButton {
    /// Whether this is the window's primary menu button: F10 opens it (GNOME's convention).
    public var isPrimary: Bool {
        get { gtk_menu_button_get_primary(pointer.opaque) != 0 }
        set { gtk_menu_button_set_primary(pointer.opaque, newValue ? 1 : 0) }
    }

    /// Shows `menu` in the button's popover (a `GtkPopoverMenu` GTK makes, replacing any popover):
    /// its items are menu items that activate their actions and show their accelerators.
    public func setMenu(_ menu: Menu) {
        gtk_menu_button_set_menu_model(pointer.opaque, menu.model)
    }

    /// Whether the button's popover is open.
    public var isMenuShown: Bool {
        guard let popover = gtk_menu_button_get_popover(pointer.opaque) else { return false }
        return gtk_widget_get_visible(UnsafeMutableRawPointer(popover).assumingMemoryBound(to: GtkWidget.self)) != 0
    }
}
