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

/// What a sort knows: the order, as a counted tree of entries (each item with the number of its
/// arrival, the tie-breaker that makes the order total, so each item has one place), and each
/// key's arrival. A change's previous value finds the entry it replaces by binary search; one
/// that does not (an upstream that lied) is found by a scan, so the order never breaks.
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

    @usableFromInline typealias Comparator = @Sendable (Item, Item) -> Bool

    @usableFromInline var arrivals: [Key: Int] = [:]
    /// Items that came before the first comparator, waiting for it.
    @usableFromInline var waiting: [Key: Entry] = [:]
    @usableFromInline var order = CountedTree<Entry>()
    @usableFromInline var nextArrival = 0
    @usableFromInline var comparator: Comparator?

    @inlinable init() {}

    /// Whether the first comparator has come (before it nothing is sent).
    @inlinable var isSorting: Bool { comparator != nil }

    /// The total order of entries under `comparator`: its order, then arrival.
    @inlinable @inline(__always)
    static func precedes(_ first: Entry, _ second: Entry, by comparator: Comparator?) -> Bool {
        guard let comparator else { return first.arrival < second.arrival }
        if comparator(first.item, second.item) { return true }
        if comparator(second.item, first.item) { return false }
        return first.arrival < second.arrival
    }

    @inlinable func precedes(_ first: Entry, _ second: Entry) -> Bool {
        Self.precedes(first, second, by: comparator)
    }

    /// Where `entry` goes in the order.
    @inlinable func position(of entry: Entry) -> Int {
        order.insertionIndex(of: entry) { precedes($0, $1) }
    }

    /// Where the entry for `key`, whose item was `item`, stands now.
    @inlinable func position(ofHeld key: Key, item: Item, arrival: Int) -> Int? {
        let at = position(of: Entry(key: key, item: item, arrival: arrival))
        if let found = order.element(at: at), found.key == key { return at }
        // The item given is not the one held: look for the key itself.
        var index = 0
        for entry in order {
            if entry.key == key { return index }
            index += 1
        }
        return nil
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
                if let arrival = arrivals[key] {
                    // An add for a key held already is an update.
                    out.append(contentsOf: replace(key, previous: item, arrival: arrival, with: item))
                    continue
                }
                let entry = Entry(key: key, item: item, arrival: nextArrival)
                arrivals[key] = nextArrival
                nextArrival += 1
                let at = position(of: entry)
                order.insert(entry, at: at)
                out.append(.insert(item, at: at))
            case let .update(key, item, previous):
                if let arrival = arrivals[key] {
                    out.append(contentsOf: replace(key, previous: previous, arrival: arrival, with: item))
                } else {
                    out.append(contentsOf: apply(ChangeSet([.add(key, item)]))?.changes ?? [])
                }
            case let .refresh(key, item):
                if let arrival = arrivals[key] {
                    out.append(contentsOf: replace(key, previous: item, arrival: arrival, with: item))
                } else {
                    out.append(contentsOf: apply(ChangeSet([.add(key, item)]))?.changes ?? [])
                }
            case let .remove(key, item):
                guard let arrival = arrivals.removeValue(forKey: key),
                      let at = position(ofHeld: key, item: item, arrival: arrival) else { continue }
                let old = order.remove(at: at)
                out.append(.remove(old.item, at: at))
            }
        }
        return out.isEmpty ? nil : IndexedChangeSet(out, count: order.count)
    }

    /// `key`'s item (`previous`) becomes `item`: an update where it stands, or a move to where
    /// it now goes.
    @inlinable mutating func replace(_ key: Key, previous: Item, arrival: Int, with item: Item) -> [IndexedChange<Item>] {
        guard let from = position(ofHeld: key, item: previous, arrival: arrival) else { return [] }
        let old = order.remove(at: from)
        let entry = Entry(key: key, item: item, arrival: arrival)
        let to = position(of: entry)
        order.insert(entry, at: to)
        return from == to ? [.update(item, previous: old.item, at: to)] : [.move(item, from: from, to: to)]
    }

    /// Keeps the items of changes that come before the first comparator.
    @inlinable mutating func record(_ changes: ChangeSet<Key, Item>) {
        for change in changes {
            switch change {
            case let .add(key, item), let .update(key, item, _), let .refresh(key, item):
                let arrival = waiting[key]?.arrival ?? nextArrival
                if arrival == nextArrival { nextArrival += 1 }
                waiting[key] = Entry(key: key, item: item, arrival: arrival)
            case let .remove(key, _):
                waiting.removeValue(forKey: key)
            }
        }
    }

    /// Applies many changes in one pass: the untouched entries keep their order, the new and
    /// changed ones are sorted on their own and merged in. O(n + k log k).
    @inlinable mutating func rebuild(applying changes: ChangeSet<Key, Item>) -> IndexedChangeSet<Item> {
        // The last value of each key the changes touched; nil for one they removed.
        var touched: [Key: Entry?] = [:]
        touched.reserveCapacity(changes.count)
        for change in changes {
            switch change {
            case let .add(key, item), let .update(key, item, _), let .refresh(key, item):
                let arrival = arrivals[key] ?? nextArrival
                if arrival == nextArrival { nextArrival += 1 }
                arrivals[key] = arrival
                touched[key] = .some(Entry(key: key, item: item, arrival: arrival))
            case let .remove(key, _):
                arrivals.removeValue(forKey: key)
                touched[key] = .some(nil)
            }
        }
        let comparator = self.comparator
        let fresh = Self.sorted(touched.values.compactMap { $0 }, by: comparator)
        var merged: [Entry] = []
        merged.reserveCapacity(arrivals.count)
        var freshIndex = 0
        for entry in order where touched[entry.key] == nil {
            while freshIndex < fresh.count && Self.precedes(fresh[freshIndex], entry, by: comparator) {
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
    @inlinable mutating func change(_ comparator: @escaping Comparator) -> IndexedChangeSet<Item>? {
        let wasSorting = isSorting
        self.comparator = comparator
        let all = wasSorting ? Array(order) : Array(waiting.values)
        if !wasSorting {
            for entry in all { arrivals[entry.key] = entry.arrival }
            waiting = [:]
        }
        let sorted = Self.sorted(all, by: comparator)
        if wasSorting, zip(sorted, all).allSatisfy({ $0.key == $1.key }) { return nil }
        order = CountedTree(sorted)
        return IndexedChangeSet([.reset(CountedTree(sorted.lazy.map(\.item)))], count: order.count)
    }

    /// `entries` in the order `comparator` gives.
    @inlinable static func sorted(_ entries: [Entry], by comparator: Comparator?) -> [Entry] {
        entries.sorted { precedes($0, $1, by: comparator) }
    }
}
