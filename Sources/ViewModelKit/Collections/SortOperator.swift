import Dispatch
import Reactive

extension SignalProducer where Error == Never {
    /// A keyed collection in the order `areInIncreasingOrder` gives (items it does not order
    /// keep the order they came in), as positional changes: an added item is inserted where it
    /// goes, a removed one removed, an updated one updated in place or moved. Each change costs
    /// O(log n); a change set that touches a large part of the collection is applied in one
    /// pass and sent as one reset. A changed or removed item is found among the items that tie
    /// with its previous value, so give an order with few ties (end it with an id): a run of
    /// ties is scanned.
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

/// What a sort knows: its rows in order (the very tree it sends in a reset, so the views after it
/// share it rather than copy it) and beside them, position for position, each row's tag: its key
/// and the number of its arrival, the tie-breaker that makes the order total, so each row has
/// one place. A change's previous value finds the row it replaces by binary search among the
/// rows that tie with it; one that does not (an item changed in place, an upstream that lied)
/// is found by a scan of the keys. There is no table by key: a row costs its item and its tag.
@usableFromInline struct SortState<Key: Hashable & Sendable, Item: Sendable> {
    @usableFromInline struct Tag: Sendable {
        @usableFromInline let key: Key
        @usableFromInline let arrival: Int

        @inlinable init(key: Key, arrival: Int) {
            self.key = key
            self.arrival = arrival
        }
    }

    /// A row with its tag, while the rows are sorted or merged in bulk.
    @usableFromInline struct Entry: Sendable {
        @usableFromInline let item: Item
        @usableFromInline let tag: Tag

        @inlinable init(item: Item, tag: Tag) {
            self.item = item
            self.tag = tag
        }
    }

    @usableFromInline typealias Comparator = @Sendable (Item, Item) -> Bool

    @usableFromInline var rows = CountedTree<Item>()
    @usableFromInline var tags = CountedTree<Tag>()
    /// Items that came before the first comparator, waiting for it.
    @usableFromInline var waiting: [Key: Entry] = [:]
    @usableFromInline var nextArrival = 0
    @usableFromInline var comparator: Comparator?

    @inlinable init() {}

    /// Whether the first comparator has come (before it nothing is sent).
    @inlinable var isSorting: Bool { comparator != nil }

    /// The total order of entries under `comparator`: its order, then arrival. (The second
    /// comparison is only made when arrival alone would put `first` first.)
    @inlinable @inline(__always)
    static func precedes(_ first: Entry, _ second: Entry, by comparator: Comparator) -> Bool {
        if comparator(first.item, second.item) { return true }
        return first.tag.arrival < second.tag.arrival && !comparator(second.item, first.item)
    }

    /// Where a row of `item` that arrived `arrival`-th goes: after the rows before it and the
    /// tied rows that arrived earlier.
    @inlinable func position(of item: Item, arrival: Int, by comparator: Comparator) -> Int {
        let (lower, next) = rows.boundary(of: item, by: comparator)
        guard let next, !comparator(item, next) else { return lower }
        // Rows tie with it: among them, by arrival.
        var low = lower
        var high = rows.insertionIndex(of: item) { !comparator($1, $0) }
        while low < high {
            let middle = (low + high) / 2
            if tags[middle].arrival < arrival { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where the row for `key`, whose item was `item`, stands now: among the rows that tie with
    /// `item`, else (the item given is not the one held) wherever its key is.
    @inlinable func position(ofHeld key: Key, item: Item, by comparator: Comparator) -> Int? {
        var (at, next) = rows.boundary(of: item, by: comparator)
        while let row = next, !comparator(item, row) {
            if tags[at].key == key { return at }
            at += 1
            next = rows.element(at: at)
        }
        var index = 0
        for tag in tags {
            if tag.key == key { return index }
            index += 1
        }
        return nil
    }

    /// How many changes are applied one by one before one pass and a reset are cheaper.
    @inlinable func isLarge(_ changes: Int) -> Bool { changes > 64 && changes > rows.count / 16 }

    @inlinable mutating func apply(_ changes: ChangeSet<Key, Item>) -> IndexedChangeSet<Item>? {
        guard let comparator else {
            record(changes)
            return nil
        }
        if isLarge(changes.count) { return rebuild(applying: changes, by: comparator) }
        var out: [IndexedChange<Item>] = []
        out.reserveCapacity(changes.count)
        for change in changes {
            switch change {
            case let .add(key, item):
                // An add is for a key not held (as `SourceCache` and `filter` send it).
                out.append(insert(key, item, by: comparator))
            case let .update(key, item, previous):
                out.append(replace(key, previous: previous, with: item, by: comparator))
            case let .refresh(key, item):
                out.append(replace(key, previous: item, with: item, by: comparator))
            case let .remove(key, item):
                guard let at = position(ofHeld: key, item: item, by: comparator) else { continue }
                tags.remove(at: at)
                out.append(.remove(rows.remove(at: at), at: at))
            }
        }
        return out.isEmpty ? nil : IndexedChangeSet(out, count: rows.count)
    }

    /// A new row for `key`.
    @inlinable mutating func insert(_ key: Key, _ item: Item, by comparator: Comparator) -> IndexedChange<Item> {
        let tag = Tag(key: key, arrival: nextArrival)
        nextArrival += 1
        let at = position(of: item, arrival: tag.arrival, by: comparator)
        rows.insert(item, at: at)
        tags.insert(tag, at: at)
        return .insert(item, at: at)
    }

    /// `key`'s item (`previous`) becomes `item`: an update where it stands, or a move to where
    /// it now goes (a key not held is added).
    @inlinable mutating func replace(_ key: Key, previous: Item, with item: Item, by comparator: Comparator) -> IndexedChange<Item> {
        guard let from = position(ofHeld: key, item: previous, by: comparator) else { return insert(key, item, by: comparator) }
        let old = rows.remove(at: from)
        let tag = tags.remove(at: from)
        let to = position(of: item, arrival: tag.arrival, by: comparator)
        rows.insert(item, at: to)
        tags.insert(tag, at: to)
        return from == to ? .update(item, previous: old, at: to) : .move(item, from: from, to: to)
    }

    /// Keeps the items of changes that come before the first comparator.
    @inlinable mutating func record(_ changes: ChangeSet<Key, Item>) {
        for change in changes {
            switch change {
            case let .add(key, item), let .update(key, item, _), let .refresh(key, item):
                let arrival = waiting[key]?.tag.arrival ?? nextArrival
                if arrival == nextArrival { nextArrival += 1 }
                waiting[key] = Entry(item: item, tag: Tag(key: key, arrival: arrival))
            case let .remove(key, _):
                waiting.removeValue(forKey: key)
            }
        }
    }

    /// Applies many changes in one pass: the untouched rows keep their order, the new and
    /// changed ones are sorted on their own and merged in. O(n + k log k).
    @inlinable mutating func rebuild(applying changes: ChangeSet<Key, Item>, by comparator: Comparator) -> IndexedChangeSet<Item> {
        let base = nextArrival
        nextArrival += changes.count
        var fresh: [Entry] = []
        var kept: [Entry] = []
        if rows.isEmpty && changes.allSatisfy({ if case .add = $0 { true } else { false } }) {
            // A first load: every change a new key, arriving in order.
            fresh.reserveCapacity(changes.count)
            for (index, change) in changes.enumerated() {
                fresh.append(Entry(item: change.value, tag: Tag(key: change.key, arrival: base + index)))
            }
        } else {
            // The last item of each key the changes touched (nil for one they removed), where
            // it was first seen, and its arrival if it came again after a removal.
            var touched: [Key: (item: Item?, first: Int, arrival: Int?)] = [:]
            touched.reserveCapacity(changes.count)
            for (index, change) in changes.enumerated() {
                let held = touched[change.key]
                switch change {
                case let .add(key, item), let .update(key, item, _), let .refresh(key, item):
                    let cameAgain = held.map { $0.item == nil } ?? false
                    touched[key] = (item, held?.first ?? index, cameAgain ? base + index : held?.arrival)
                case let .remove(key, _):
                    touched[key] = (nil, held?.first ?? index, nil)
                }
            }
            kept.reserveCapacity(rows.count)
            var heldArrivals: [Key: Int] = [:]
            let allRows = rows.elements
            for (index, tag) in tags.enumerated() {
                if touched[tag.key] == nil {
                    kept.append(Entry(item: allRows[index], tag: tag))
                } else {
                    heldArrivals[tag.key] = tag.arrival
                }
            }
            fresh.reserveCapacity(touched.count)
            for (key, last) in touched {
                guard let item = last.item else { continue }
                let arrival = last.arrival ?? heldArrivals[key] ?? base + last.first
                fresh.append(Entry(item: item, tag: Tag(key: key, arrival: arrival)))
            }
        }
        Self.sort(&fresh, by: comparator)
        var merged: [Entry] = []
        merged.reserveCapacity(kept.count + fresh.count)
        var freshIndex = 0
        for entry in kept {
            while freshIndex < fresh.count && Self.precedes(fresh[freshIndex], entry, by: comparator) {
                merged.append(fresh[freshIndex])
                freshIndex += 1
            }
            merged.append(entry)
        }
        merged.append(contentsOf: fresh[freshIndex...])
        setOrder(merged)
        return IndexedChangeSet([.reset(rows)], count: rows.count)
    }

    /// Makes `entries` the order.
    @inlinable mutating func setOrder(_ entries: [Entry]) {
        rows = CountedTree(count: entries.count) { entries[$0].item }
        tags = CountedTree(count: entries.count) { entries[$0].tag }
    }

    /// A new comparator: everything sorted again, sent as a reset (nothing when the order
    /// stayed the same).
    @inlinable mutating func change(_ comparator: @escaping Comparator) -> IndexedChangeSet<Item>? {
        let wasSorting = isSorting
        self.comparator = comparator
        var entries: [Entry] = []
        if wasSorting {
            entries.reserveCapacity(rows.count)
            var tagsInOrder = tags.makeIterator()
            rows.forEachLeaf { leaf in
                for item in leaf {
                    if let tag = tagsInOrder.next() { entries.append(Entry(item: item, tag: tag)) }
                }
            }
            // The order already is the new one: nothing to sort or send.
            if entries.indices.dropFirst().allSatisfy({ !Self.precedes(entries[$0], entries[$0 - 1], by: comparator) }) { return nil }
        } else {
            entries = Array(waiting.values)
            waiting = [:]
        }
        Self.sort(&entries, by: comparator)
        setOrder(entries)
        return IndexedChangeSet([.reset(rows)], count: rows.count)
    }

    /// Sorts `entries` in the order `comparator` gives, ties by arrival: by the comparator alone
    /// (a large array in two halves on two threads, then merged by two threads, one from each
    /// end), then each run of tied entries by arrival, so each pair costs one comparator call,
    /// not up to two.
    @inlinable static func sort(_ entries: inout [Entry], by comparator: Comparator) {
        if entries.count < 1 << 16 {
            entries.sort { comparator($0.item, $1.item) }
        } else {
            let middle = entries.count / 2
            entries.withUnsafeMutableBufferPointer { buffer in
                let halves = SortHalves(buffer: buffer, middle: middle)
                DispatchQueue.concurrentPerform(iterations: 2) { half in halves.sort(half, by: comparator) }
            }
            let count = entries.count
            entries = entries.withUnsafeBufferPointer { sorted in
                [Entry](unsafeUninitializedCapacity: count) { merged, initialized in
                    let halves = MergeHalves(sorted: sorted, merged: merged, middle: middle)
                    DispatchQueue.concurrentPerform(iterations: 2) { end in
                        if end == 0 { halves.mergeFront(by: comparator) } else { halves.mergeBack(by: comparator) }
                    }
                    initialized = count
                }
            }
        }
        // Runs of entries the comparator does not order: by arrival.
        var start = 0
        while start < entries.count {
            var end = start + 1
            while end < entries.count && !comparator(entries[end - 1].item, entries[end].item) { end += 1 }
            if end - start > 1 { entries[start..<end].sort { $0.tag.arrival < $1.tag.arrival } }
            start = end
        }
    }

    /// The two halves of an array being sorted, one per thread.
    @usableFromInline struct SortHalves: @unchecked Sendable { // safe: each thread sorts its own half, and the caller waits for both
        @usableFromInline let buffer: UnsafeMutableBufferPointer<Entry>
        @usableFromInline let middle: Int

        @inlinable init(buffer: UnsafeMutableBufferPointer<Entry>, middle: Int) {
            self.buffer = buffer
            self.middle = middle
        }

        @inlinable func sort(_ half: Int, by comparator: Comparator) {
            var part = UnsafeMutableBufferPointer(rebasing: half == 0 ? buffer[..<middle] : buffer[middle...])
            part.sort { comparator($0.item, $1.item) }
        }
    }

    /// Two sorted halves merged into `merged` by two threads: one writes its first half from
    /// the front, the other its second half from the back, so neither waits for the other.
    @usableFromInline struct MergeHalves: @unchecked Sendable { // safe: the threads write disjoint halves of `merged`, read `sorted` only, and the caller waits for both
        @usableFromInline let sorted: UnsafeBufferPointer<Entry>
        @usableFromInline let merged: UnsafeMutableBufferPointer<Entry>
        @usableFromInline let middle: Int

        @inlinable init(sorted: UnsafeBufferPointer<Entry>, merged: UnsafeMutableBufferPointer<Entry>, middle: Int) {
            self.sorted = sorted
            self.merged = merged
            self.middle = middle
        }

        /// The first `count / 2` entries of the merge: the smallest, taking the left one of a tie
        /// (a stable merge, so both ends agree on where each entry goes).
        @inlinable func mergeFront(by comparator: Comparator) {
            var left = 0, right = middle
            for out in 0..<(sorted.count / 2) {
                let takesRight = left == middle || (right < sorted.count && comparator(sorted[right].item, sorted[left].item))
                (merged.baseAddress! + out).initialize(to: takesRight ? sorted[right] : sorted[left])
                if takesRight { right += 1 } else { left += 1 }
            }
        }

        /// The other entries, the largest first, written from the back: the mirror of
        /// `mergeFront`, so both agree on where each entry goes.
        @inlinable func mergeBack(by comparator: Comparator) {
            var left = middle - 1, right = sorted.count - 1
            for out in stride(from: sorted.count - 1, through: sorted.count / 2, by: -1) {
                let takesLeft = right < middle || (left >= 0 && comparator(sorted[right].item, sorted[left].item))
                (merged.baseAddress! + out).initialize(to: takesLeft ? sorted[left] : sorted[right])
                if takesLeft { left -= 1 } else { right -= 1 }
            }
        }
    }
}
