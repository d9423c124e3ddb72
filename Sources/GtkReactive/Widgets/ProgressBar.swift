import CGtk

/// A `GtkProgressBar`.
open class ProgressBar: Widget {
    override open class var gtkType: GType { gtk_progress_bar_get_type() }

    /// A new, empty progress bar.
    public convenience init() { self.init(gtk_progress_bar_new()) }

    /// How much is done, from 0 to 1 (GTK clamps other values).
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(pointer.opaque) }
        set { gtk_progress_bar_set_fraction(pointer.opaque, newValue) }
    }
}
