/// A row of a list view: the widgets built once per GTK list item (in `setup`) and then shown
/// for one element after another as the list scrolls. It only owns widgets; whoever binds the
/// list decides what they show.
@MainActor
public protocol ListRowView: AnyObject {
    /// The row's top widget, which the list item shows.
    var root: Widget { get }
}
