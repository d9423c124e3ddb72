import Reactive

extension SignalProducer where Error == Never {
    /// The rows of an ordered view (`sort`) that `isIncluded` accepts, in the same order, as
    /// positional changes. Each change costs O(log n) and no comparison.
    @inlinable public func filter<Item>(
        where isIncluded: @escaping @Sendable (Item) -> Bool
    ) -> SignalProducer<IndexedChangeSet<Item>, Never> where Value == IndexedChangeSet<Item> {
        filter(where: SignalProducer<@Sendable (Item) -> Bool, Never>(value: isIncluded))
    }

    /// The rows of an ordered view that the latest of `predicates` accepts. This is the filter
    /// for a search box: it keeps every row in order and which of them it shows, so a new
    /// predicate is one pass over the rows, with no comparison and no lookup by key, sent as the
    /// rows that came and went (when few did) or as one reset. Put it after `sort`
    /// (`sort(by:).filter(where:)`); the keyed `filter` before a sort re-sorts every row a new
    /// predicate lets back in. Nothing is sent before the first predicate.
    @inlinable public func filter<Item>(
        where predicates: SignalProducer<@Sendable (Item) -> Bool, Never>
    ) -> SignalProducer<IndexedChangeSet<Item>, Never> where Value == IndexedChangeSet<Item> {
        let upstream = self
        return SignalProducer<IndexedChangeSet<Item>, Never> { observer, lifetime in
            let drain = SerialDrain()
            let state = DrainedState(IndexedFilterState<Item>())
            lifetime += predicates.startWithValues { predicate in
                drain.run {
                    if let set = state.value.change(predicate) { observer.send(value: set) }
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

/// What a positional filter knows: every upstream row, in order, and beside them which it shows
/// (a flag per row, counted in a tree, so a row's place among the shown ones is a descent).
@usableFromInline struct IndexedFilterState<Item: Sendable> {
    @usableFromInline typealias Predicate = @Sendable (Item) -> Bool

    @usableFromInline var rows = CountedTree<Item>()
    /// Which rows are shown; meaningful once there is a predicate.
    @usableFromInline var shown = FlagTree()
    @usableFromInline var predicate: Predicate?

    @inlinable init() {}

    /// Up to how many rows coming and going a new predicate sends one by one (more are a reset).
    @inlinable static var fewChanges: Int { 64 }

    @inlinable mutating func apply(_ changes: IndexedChangeSet<Item>) -> IndexedChangeSet<Item>? {
        guard let predicate else {
            for change in changes.changes { rows.apply(change) }
            return nil
        }
        var out: [IndexedChange<Item>] = []
        for change in changes.changes {
            switch change {
            case let .insert(item, position):
                let now = predicate(item)
                rows.insert(item, at: position)
                shown.insert(now, at: position)
                if now { out.append(.insert(item, at: shown.setCount(before: position))) }
            case let .remove(_, position):
                let at = shown.setCount(before: position)
                let old = rows.remove(at: position)
                if shown.remove(at: position) { out.append(.remove(old, at: at)) }
            case let .update(item, _, position):
                let old = rows[position]
                let now = predicate(item)
                rows.replace(at: position, with: item)
                let was = shown.set(now, at: position)
                let at = shown.setCount(before: position)
                switch (was, now) {
                case (true, true): out.append(.update(item, previous: old, at: at))
                case (true, false): out.append(.remove(old, at: at))
                case (false, true): out.append(.insert(item, at: at))
                case (false, false): break
                }
            case let .move(item, from, to):
                let fromShown = shown.setCount(before: from)
                let old = rows.remove(at: from)
                let was = shown.remove(at: from)
                let now = predicate(item)
                rows.insert(item, at: to)
                shown.insert(now, at: to)
                let toShown = shown.setCount(before: to)
                switch (was, now) {
                case (true, true):
                    out.append(fromShown == toShown ? .update(item, previous: old, at: toShown) : .move(item, from: fromShown, to: toShown))
                case (true, false): out.append(.remove(old, at: fromShown))
                case (false, true): out.append(.insert(item, at: toShown))
                case (false, false): break
                }
            case let .reset(all):
                rows = all
                out = [.reset(refilter(by: predicate))]
            }
        }
        return out.isEmpty ? nil : IndexedChangeSet(out, count: shown.setCount)
    }

    /// A new predicate: one pass over the rows. The rows that came and went, one by one when
    /// they are few, else a reset; nothing when none did.
    @inlinable mutating func change(_ predicate: @escaping Predicate) -> IndexedChangeSet<Item>? {
        let before = self.predicate == nil ? nil : shown.all
        self.predicate = predicate
        let (flags, shownRows) = refilter(by: predicate, unlessFewerFlipsThan: Self.fewChanges, from: before)
        if let shownRows { return IndexedChangeSet([.reset(shownRows)], count: shown.setCount) }
        guard let before else { return nil }
        // Few rows came or went: each in order, at its place among the rows shown so far (the
        // rows before it already as the new predicate has them).
        var out: [IndexedChange<Item>] = []
        var shownBefore = 0
        for (index, now) in flags.enumerated() {
            if now != before[index] {
                out.append(now ? .insert(rows[index], at: shownBefore) : .remove(rows[index], at: shownBefore))
            }
            if now { shownBefore += 1 }
        }
        return out.isEmpty ? nil : IndexedChangeSet(out, count: shown.setCount)
    }

    /// Flags every row by `predicate` (in `shown`) and returns the rows it shows: the rows
    /// themselves (shared, not copied) when it shows all of them.
    @inlinable mutating func refilter(by predicate: Predicate) -> CountedTree<Item> {
        refilter(by: predicate, unlessFewerFlipsThan: 0, from: nil).shownRows ?? CountedTree()
    }

    /// Flags every row by `predicate` (in `shown`); returns the flags and the rows they show,
    /// those only when there is no `before` or more than `few` flags differ from it.
    @inlinable mutating func refilter(by predicate: Predicate, unlessFewerFlipsThan few: Int, from before: [Bool]?)
        -> (flags: [Bool], shownRows: CountedTree<Item>?) {
        var flags: [Bool] = []
        flags.reserveCapacity(rows.count)
        // The shown rows are gathered in the same pass (memory is only touched as they come).
        var kept: [Item] = []
        kept.reserveCapacity(rows.count)
        rows.forEachLeaf { leaf in
            for item in leaf {
                let now = predicate(item)
                flags.append(now)
                if now { kept.append(item) }
            }
        }
        shown = FlagTree(flags)
        if let before {
            var flips = 0
            for index in flags.indices where flags[index] != before[index] {
                flips += 1
                if flips > few { break }
            }
            if flips <= few { return (flags, nil) }
        }
        if kept.count == rows.count { return (flags, rows) }
        return (flags, CountedTree(kept))
    }
}
