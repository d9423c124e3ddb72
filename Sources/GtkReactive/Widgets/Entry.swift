import CGtk
import GtkShim

/// A text field: a `GtkEntry`, or any widget that edits text (`GtkEditable`: a password or
/// search entry, a spin button), since all it uses is the editable's text.
open class Entry: Widget {
    override open class var gtkType: GType { gtk_editable_get_type() }

    /// A `GtkEntry` (its type, `GtkEditable`, is an interface).
    override open class func makeStandIn() -> UnsafeMutablePointer<GtkWidget> { gtk_entry_new() }

    /// A new `GtkEntry`.
    public convenience init() { self.init(gtk_entry_new()) }

    /// The text in the field.
    public var text: String {
        get { String(cString: gtk_editable_get_text(grshim_editable(pointer))) }
        set { gtk_editable_set_text(grshim_editable(pointer), newValue) }
    }

    /// Where the cursor is, in characters from the start.
    public var cursorPosition: Int {
        get { Int(gtk_editable_get_position(grshim_editable(pointer))) }
        set { gtk_editable_set_position(grshim_editable(pointer), Int32(clamping: newValue)) }
    }
}
