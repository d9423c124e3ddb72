import Reactive
import ViewModelKit

/// What a keyed list binding knows of its items' keys: which item is selected (a view model's
/// `MutableProperty` of the selected key) and where an item with a given key now stands, so a
/// resort or a filter keeps the selection and the view's place on the same items, not the same
/// positions. Built in the binding's caller (an `@inlinable` init), so its scans are specialised.
@MainActor @usableFromInline final class ListKeeper<Item: Sendable> {
    /// Whether the view model has a selected key.
    @usableFromInline let hasSelection: () -> Bool
    /// Whether `item` has the selected key.
    @usableFromInline let isSelected: (Item) -> Bool
    /// The position of the first item with the selected key (a scan: O(n)).
    @usableFromInline let positionOfSelection: (CountedTree<Item>) -> Int?
    /// A finder of the item with `item`'s key in later content (a scan: O(n)).
    @usableFromInline let finder: (Item) -> (CountedTree<Item>) -> Int?
    /// Writes the selected key: `item`'s, or none.
    @usableFromInline let select: (Item?) -> Void
    /// The keys the view model selects, from now on (each a request to show its row selected).
    @usableFromInline let selections: SignalProducer<Void, Never>

    @inlinable init<Key: Hashable & Sendable>(key: @escaping (Item) -> Key, selection: MutableProperty<Key?>) {
        func position(of wanted: Key, in content: CountedTree<Item>) -> Int? {
            var index = 0
            for item in content {
                if key(item) == wanted { return index }
                index += 1
            }
            return nil
        }
        hasSelection = { selection.value != nil }
        isSelected = { item in selection.value.map { key(item) == $0 } ?? false }
        positionOfSelection = { content in selection.value.flatMap { position(of: $0, in: content) } }
        finder = { item in
            let wanted = key(item)
            return { content in position(of: wanted, in: content) }
        }
        select = { item in
            let new = item.map(key)
            if selection.value != new { selection.value = new }
        }
        selections = SignalProducer(selection.signal).map { _ in () }
    }
}
