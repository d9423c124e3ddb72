import CGtk

extension Widget {
    /// The width GTK gave the widget at its last layout, in logical pixels (0 before one).
    public var allocatedWidth: Int { Int(gtk_widget_get_width(pointer)) }

    /// How many device pixels make a logical pixel where the widget shows (1, or 2 on a HiDPI
    /// display): what a picture decoded for it is multiplied by.
    public var scaleFactor: Int { max(1, Int(gtk_widget_get_scale_factor(pointer))) }
}
