import CGtk

extension Widget {
    /// Whether the widget takes the extra width its parent has (`hexpand`).
    public var expandsHorizontally: Bool {
        get { gtk_widget_get_hexpand(pointer) != 0 }
        set { gtk_widget_set_hexpand(pointer, newValue ? 1 : 0) }
    }

    /// Whether the widget takes the extra height its parent has (`vexpand`).
    public var expandsVertically: Bool {
        get { gtk_widget_get_vexpand(pointer) != 0 }
        set { gtk_widget_set_vexpand(pointer, newValue ? 1 : 0) }
    }
}
