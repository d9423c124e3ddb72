import CGtk

/// A `GtkLabel`: text that shows.
open class Label: Widget {
    override open class var gtkType: GType { gtk_label_get_type() }

    /// A new label showing `text`.
    public convenience init(_ text: String = "") { self.init(gtk_label_new(text)) }

    /// The text shown (without markup).
    public var text: String {
        get { String(cString: gtk_label_get_text(pointer.opaque)) }
        set { gtk_label_set_text(pointer.opaque, newValue) }
    }
}
