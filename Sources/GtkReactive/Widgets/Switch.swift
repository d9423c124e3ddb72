import CGtk

/// A `GtkSwitch`: on or off.
open class Switch: Widget {
    override open class var gtkType: GType { gtk_switch_get_type() }

    /// A new switch, off.
    public convenience init() { self.init(gtk_switch_new()) }

    /// Whether it is on.
    public var isActive: Bool {
        get { gtk_switch_get_active(pointer.opaque) != 0 }
        set { gtk_switch_set_active(pointer.opaque, newValue ? 1 : 0) }
    }
}
