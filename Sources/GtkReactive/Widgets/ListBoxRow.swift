import CGtk

/// A `GtkListBoxRow`: one row of a `ListBox`. A row layout whose root is one is appended as it
/// is (the list adds no row around it), so the row itself carries the accessible name.
open class ListBoxRow: Widget {
    override open class var gtkType: GType { gtk_list_box_row_get_type() }

    /// A new, empty row.
    public convenience init() { self.init(gtk_list_box_row_new()) }

    /// Its position in its list, or nil while it is in none.
    public var index: Int? {
        let index = gtk_list_box_row_get_index(pointer.typed(GtkListBoxRow.self))
        return index < 0 ? nil : Int(index)
    }
}
