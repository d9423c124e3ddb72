import CGtk

/// A `GtkSpinner`: shows that something runs.
open class Spinner: Widget {
    override open class var gtkType: GType { gtk_spinner_get_type() }

    /// A new spinner, still.
    public convenience init() { self.init(gtk_spinner_new()) }

    /// Whether it spins.
    public var isSpinning: Bool {
        get { gtk_spinner_get_spinning(pointer.opaque) != 0 }
        set { gtk_spinner_set_spinning(pointer.opaque, newValue ? 1 : 0) }
    }
}
