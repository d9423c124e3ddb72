import CGtk

extension Widget {
    /// Whether it takes extra horizontal space its parent has to give.
    public var hexpand: Bool {
        get { gtk_widget_get_hexpand(pointer) != 0 }
        set { gtk_widget_set_hexpand(pointer, newValue ? 1 : 0) }
    }
}
