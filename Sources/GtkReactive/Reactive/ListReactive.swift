import CGtk
import Reactive
import ViewModelKit

extension ReactiveWidget where Base: ListView {
    /// Shows `changes` (a `SourceList`'s, a `sort`'s, a `page`'s) in the list: each change set
    /// becomes the fewest splices of the list's rows, and each row is built once by
    /// `rows.setup`, then bound to one element at a time with a lifetime that ends before the row
    /// shows another (see `ListBinding`). Lasts as long as the list view, or until the returned
    /// disposable is disposed.
    @discardableResult
    public func items<Item: Sendable, Row: ListRowView>(
        _ changes: SignalProducer<IndexedChangeSet<Item>, Never>, rows: ListRowHooks<Row, Item>
    ) -> any Disposable {
        ListBinding(changes, to: base.pointer, rows: rows)
    }

    /// `items(_:rows:)` that keeps the list's place by `key`: the item whose key `selection`
    /// holds is the selected row through sorts, filters and edits, the user's selection writes
    /// it, and a resort keeps the top row (or the selected one) where it was on screen.
    @discardableResult
    public func items<Item: Sendable, Row: ListRowView, Key: Hashable & Sendable>(
        _ changes: SignalProducer<IndexedChangeSet<Item>, Never>, rows: ListRowHooks<Row, Item>,
        key: @escaping (Item) -> Key, selection: MutableProperty<Key?>
    ) -> any Disposable {
        ListBinding(changes, to: base.pointer, rows: rows, key: key, selection: selection)
    }
}

extension ReactiveWidget where Base: ScrolledWindow {
    /// Whether the view is within `pages` screens of its end: the current state first, then each
    /// change, worked out on the main loop after GTK has laid the content out.
    public func isNearEnd(withinPages pages: Double = 1) -> SignalProducer<Bool, Never> {
        ListEvents.nearEnd(of: base.pointer, withinPages: pages)
    }
}
