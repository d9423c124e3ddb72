import CGtk

/// A `GtkRevealer`: shows or hides its child with a transition.
open class Revealer: Widget {
    override open class var gtkType: GType { gtk_revealer_get_type() }

    /// A new revealer with `child` (hidden).
    public convenience init(child: Widget? = nil) {
        self.init(gtk_revealer_new())
        gtk_revealer_set_child(pointer.opaque, child?.pointer)
    }

    /// Whether the child is revealed (or being revealed).
    public var revealsChild: Bool {
        get { gtk_revealer_get_reveal_child(pointer.opaque) != 0 }
        set { gtk_revealer_set_reveal_child(pointer.opaque, newValue ? 1 : 0) }
    }
}
