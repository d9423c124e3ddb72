import Reactive

extension SignalProducer where Error == Never {
    /// A keyed collection in the order `areInIncreasingOrder` gives (items it does not order
    /// keep the order they came in), as positional changes: an added item is inserted where it
    /// goes, a removed one removed, an updated one updated in place or moved. Each change costs
    /// O(log n); a change set that touches a large part of the collection is applied in one
    /// pass and sent as one reset.
    @inlinable public func sort<Key, Item>(
        by areInIncreasingOrder: @escaping @Sendable (Item, Item) -> Bool
    ) -> SignalProducer<IndexedChangeSet<Item>, Never> where Value == ChangeSet<Key, Item> {
        sort(by: SignalProducer<@Sendable (Item, Item) -> Bool, Never>(value: areInIncreasingOrder))
    }

    /// A keyed collection in the order the latest of `comparators` gives: a new comparator
    /// sorts everything again, on the thread that sent it (keep it off the main thread: a
    /// million rows take a few hundred milliseconds), and sends the new order as one reset.
    /// Nothing is sent before the first comparator.
    @inlinable public func sort<Key, Item>(
        by comparators: SignalProducer<@Sendable (Item, Item) -> Bool, Never>
    ) -> SignalProducer<IndexedChangeSet<Item>, Never> where Value == ChangeSet<Key, Item> {
        let upstream = self
        return SignalProducer<IndexedChangeSet<Item>, Never> { observer, lifetime in
            let drain = SerialDrain()
            let state = DrainedState(SortState<Key, Item>())
            lifetime += comparators.startWithValues { comparator in
                drain.run {
                    if let set = state.value.change(comparator) { observer.send(value: set) }
                }
            }
            lifetime += upstream.startWithValues { changes in
                drain.run {
                    if let set = state.value.apply(changes) { observer.send(value: set) }
                }
            }
        }
    }
}

/// What a sort knows: every item with the number of its arrival (the tie-breaker that makes
/// the order total, so each item has one place), and the order as a counted tree.
@usableFromInline struct SortState<Key: Hashable & Sendable, Item: Sendable> {
    @usableFromInline struct Entry: Sendable {
        @usableFromInline let key: Key
        @usableFromInline let item: Item
        @usableFromInline let arrival: Int

        @inlinable init(key: Key, item: Item, arrival: Int) {
            self.key = key
            self.item = item
            self.arrival = arrival
        }
    }

    @usableFromInline var entries: [Key: Entry] = [:]
    @usableFromInline var order = CountedTree<Entry>()
    @usableFromInline var nextArrival = 0
    @usableFromInline var comparator: (@Sendable (Item, Item) -> Bool)?

    @inlinable init() {}
    /// Whether the first comparator has come (before it nothing is sent).
    @inlinable var isSorting: Bool { comparator != nil }

    /// The total order of entries: the comparator's, then arrival.
    @inlinable func precedes(_ first: Entry, _ second: Entry) -> Bool {
        guard let comparator else { return first.arrival < second.arrival }
        if comparator(first.item, second.item) { return true }
        if comparator(second.item, first.item) { return false }
        return first.arrival < second.arrival
    }

    @inlinable func position(of entry: Entry) -> Int {
        order.insertionIndex(of: entry) { precedes($0, $1) }
    }

    /// How many changes are applied one by one before one pass and a reset are cheaper.
    @inlinable func isLarge(_ changes: Int) -> Bool { changes > 64 && changes > order.count / 16 }

    @inlinable mutating func apply(_ changes: ChangeSet<Key, Item>) -> IndexedChangeSet<Item>? {
        guard isSorting else {
            record(changes)
            return nil
        }
        if isLarge(changes.count) { return rebuild(applying: changes) }
        var out: [IndexedChange<Item>] = []
        out.reserveCapacity(changes.count)
        for change in changes {
            switch change {
            case let .add(key, item):
                if let old = entries[key] {
                    // An add for a key held already is an update.
                    out.append(contentsOf: replace(old, with: item))
                    continue
                }
                let entry = Entry(key: key, item: item, arrival: nextArrival)
                nextArrival += 1
                entries[key] = entry
                let at = position(of: entry)
                order.insert(entry, at: at)
                out.append(.insert(item, at: at))
            case let .update(key, item, _), let .refresh(key, item):
                guard let old = entries[key] else {
                    out.append(contentsOf: apply(single: .add(key, item)))
                    continue
                }
                out.append(contentsOf: replace(old, with: item))
            case let .remove(key, _):
                guard let old = entries.removeValue(forKey: key) else { continue }
                let at = position(of: old)
                order.remove(at: at)
                out.append(.remove(old.item, at: at))
            }
        }
        return out.isEmpty ? nil : IndexedChangeSet(out, count: order.count)
    }

    @inlinable mutating func apply(single change: Change<Key, Item>) -> [IndexedChange<Item>] {
        apply(ChangeSet([change]))?.changes ?? []
    }

    /// `old`'s item becomes `item`: an update where it stands, or a move to where it now goes.
    @inlinable mutating func replace(_ old: Entry, with item: Item) -> [IndexedChange<Item>] {
        let from = position(of: old)
        let entry = Entry(key: old.key, item: item, arrival: old.arrival)
        entries[old.key] = entry
        order.remove(at: from)
        let to = position(of: entry)
        order.insert(entry, at: to)
        return from == to ? [.update(item, previous: old.item, at: to)] : [.move(item, from: from, to: to)]
    }

    /// Keeps the items of changes that come before the first comparator.
    @inlinable mutating func record(_ changes: ChangeSet<Key, Item>) {
        for change in changes {
            switch change {
            case let .add(key, item), let .update(key, item, _), let .refresh(key, item):
                let arrival = entries[key]?.arrival ?? nextArrival
                if arrival == nextArrival { nextArrival += 1 }
                entries[key] = Entry(key: key, item: item, arrival: arrival)
            case let .remove(key, _):
                entries.removeValue(forKey: key)
            }
        }
    }

    /// Applies many changes in one pass: the untouched entries keep their order, the new and
    /// changed ones are sorted on their own and merged in. O(n + k log k).
    @inlinable mutating func rebuild(applying changes: ChangeSet<Key, Item>) -> IndexedChangeSet<Item> {
        var touched: Set<Key> = []
        for change in changes {
            touched.insert(change.key)
            switch change {
            case let .add(key, item), let .update(key, item, _), let .refresh(key, item):
                let arrival = entries[key]?.arrival ?? nextArrival
                if arrival == nextArrival { nextArrival += 1 }
                entries[key] = Entry(key: key, item: item, arrival: arrival)
            case let .remove(key, _):
                entries.removeValue(forKey: key)
            }
        }
        let kept = order.lazy.filter { !touched.contains($0.key) }
        let fresh = touched.compactMap { entries[$0] }.sorted { precedes($0, $1) }
        var merged: [Entry] = []
        merged.reserveCapacity(entries.count)
        var freshIndex = 0
        for entry in kept {
            while freshIndex < fresh.count && precedes(fresh[freshIndex], entry) {
                merged.append(fresh[freshIndex])
                freshIndex += 1
            }
            merged.append(entry)
        }
        merged.append(contentsOf: fresh[freshIndex...])
        order = CountedTree(merged)
        return IndexedChangeSet([.reset(CountedTree(merged.lazy.map(\.item)))], count: order.count)
    }

    /// A new comparator: everything sorted again, sent as a reset (nothing when the order
    /// stayed the same).
    @inlinable mutating func change(_ comparator: @escaping @Sendable (Item, Item) -> Bool) -> IndexedChangeSet<Item>? {
        let wasSorting = isSorting
        self.comparator = comparator
        let sorted = entries.values.sorted { precedes($0, $1) }
        if wasSorting, sorted.count == order.count, zip(sorted, order).allSatisfy({ $0.key == $1.key }) { return nil }
        order = CountedTree(sorted)
        return IndexedChangeSet([.reset(CountedTree(sorted.lazy.map(\.item)))], count: order.count)
    }
}
