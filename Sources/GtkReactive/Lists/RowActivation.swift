import CGtk
import Reactive

extension ListEvents {
    /// The positions of the rows activated in the `GtkListView` `listView` (a click with
    /// single-click activation, a double click, Enter): `ListView.reactive.activated` for a list
    /// known only by its pointer. Connects when started, disconnects when the observation ends;
    /// completes when the list view goes (at once if it is not a list view).
    @MainActor
    public static func activations(of listView: UnsafeMutablePointer<GtkWidget>) -> SignalProducer<Int, Never> {
        guard let list = ListView.cast(listView, scope: .never) else { return .empty }
        return list.reactive.activated
    }
}
