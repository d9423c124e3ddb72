import CGtk

/// A `GtkListView`: a long list whose rows are made as they scroll into view. Its items are
/// bound with `reactive.items` (see the Lists folder); its activations with `reactive.activated`.
open class ListView: Widget {
    override open class var gtkType: GType { gtk_list_view_get_type() }
}
