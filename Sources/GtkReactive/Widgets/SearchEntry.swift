import CGtk
import GtkShim

/// A `GtkSearchEntry`: a text field for a query, with a search icon and a clear button. Its
/// text binds as any entry's (`reactive.text`); Escape in it sends `reactive.stopSearch`
/// (and GTK keeps that key from the window's own shortcuts). Its placeholder is set in its
/// `.ui` file (`placeholder-text`; GTK 4.8 has no setter for it).
open class SearchEntry: Entry {
    override open class var gtkType: GType { gtk_search_entry_get_type() }

    override open class func makeStandIn() -> UnsafeMutablePointer<GtkWidget> { gtk_search_entry_new() }

    /// A new, empty search entry.
    public convenience init() { self.init(gtk_search_entry_new()) }

}
