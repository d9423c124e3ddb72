import CGtk

/// A `GtkScrolledWindow`: scrolls its child.
open class ScrolledWindow: Widget {
    override open class var gtkType: GType { gtk_scrolled_window_get_type() }

    /// A new scrolled window around `child`.
    public convenience init(child: Widget? = nil) {
        self.init(gtk_scrolled_window_new())
        gtk_scrolled_window_set_child(pointer.opaque, child?.pointer)
    }

    /// How far it is scrolled down, in pixels.
    public var verticalOffset: Double {
        get { gtk_scrolled_window_get_vadjustment(pointer.opaque).map { gtk_adjustment_get_value($0) } ?? 0 }
        set { gtk_scrolled_window_get_vadjustment(pointer.opaque).map { gtk_adjustment_set_value($0, newValue) } }
    }
}
