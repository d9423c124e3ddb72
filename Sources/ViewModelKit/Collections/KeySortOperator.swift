import Reactive

extension SignalProducer where Error == Never {
    /// A keyed collection in the order of each item's sort key (`keyOf`, ties in the order the
    /// items came in), as positional changes. The key is taken when an item comes, changes or is
    /// refreshed, and kept: so an item that is an object changed in place and then refreshed
    /// (`SourceCache.refresh`) is found at its old place by binary search, by the key it was
    /// placed with. (`sort(by:)` with a comparator can only scan for it: the object no longer
    /// sorts where it stands.) It costs a table of keys beside the order.
    @inlinable public func sort<Key, Item, SortKey: Comparable & Sendable>(
        by keyOf: @escaping @Sendable (Item) -> SortKey
    ) -> SignalProducer<IndexedChangeSet<Item>, Never> where Value == ChangeSet<Key, Item> {
        let upstream = self
        return SignalProducer<ChangeSet<Key, KeyedItem<Item, SortKey>>, Never> { observer, lifetime in
            let drain = SerialDrain()
            let state = DrainedState(SortKeys<Key, SortKey>())
            lifetime += upstream.startWithValues { changes in
                drain.run { observer.send(value: state.value.snapshot(changes, by: keyOf)) }
            }
        }
        .sort(by: { $0.sortKey < $1.sortKey })
        .map { set in
            IndexedChangeSet(set.changes.map { change -> IndexedChange<Item> in
                switch change {
                case let .insert(row, position): .insert(row.item, at: position)
                case let .remove(row, position): .remove(row.item, at: position)
                case let .update(row, previous, position): .update(row.item, previous: previous.item, at: position)
                case let .move(row, from, to): .move(row.item, from: from, to: to)
                case let .reset(rows): .reset(CountedTree(rows.elements.map(\.item)))
                }
            }, count: set.count)
        }
    }
}

/// An item with the sort key it was placed by.
@usableFromInline struct KeyedItem<Item: Sendable, SortKey: Comparable & Sendable>: Sendable {
    @usableFromInline let item: Item
    @usableFromInline let sortKey: SortKey

    @inlinable init(item: Item, sortKey: SortKey) {
        self.item = item
        self.sortKey = sortKey
    }
}

/// The sort key each held key's item was placed by: a change's previous value is given with it,
/// so the sort finds the row where it stands.
@usableFromInline struct SortKeys<Key: Hashable & Sendable, SortKey: Comparable & Sendable> {
    @usableFromInline var keys: [Key: SortKey] = [:]

    @inlinable init() {}

    @inlinable mutating func snapshot<Item>(
        _ changes: ChangeSet<Key, Item>, by keyOf: (Item) -> SortKey
    ) -> ChangeSet<Key, KeyedItem<Item, SortKey>> {
        ChangeSet(changes.map { change -> Change<Key, KeyedItem<Item, SortKey>> in
            switch change {
            case let .add(key, item):
                let sortKey = keyOf(item)
                keys[key] = sortKey
                return .add(key, KeyedItem(item: item, sortKey: sortKey))
            case let .update(key, item, previous):
                let sortKey = keyOf(item)
                let old = keys.updateValue(sortKey, forKey: key) ?? keyOf(previous)
                return .update(key, KeyedItem(item: item, sortKey: sortKey), previous: KeyedItem(item: previous, sortKey: old))
            case let .refresh(key, item):
                let sortKey = keyOf(item)
                let old = keys.updateValue(sortKey, forKey: key) ?? sortKey
                let now = KeyedItem(item: item, sortKey: sortKey)
                return old == sortKey ? .refresh(key, now) : .update(key, now, previous: KeyedItem(item: item, sortKey: old))
            case let .remove(key, item):
                let old = keys.removeValue(forKey: key) ?? keyOf(item)
                return .remove(key, KeyedItem(item: item, sortKey: old))
            }
        })
    }
}
