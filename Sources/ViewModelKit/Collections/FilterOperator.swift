import Reactive

extension SignalProducer where Error == Never {
    /// The items of a keyed collection that `isIncluded` accepts, as a keyed collection: an
    /// item that stops being accepted (an update, a refresh) is removed, one that starts is
    /// added. Each change costs O(1).
    @inlinable public func filter<Key, Item>(
        where isIncluded: @escaping @Sendable (Item) -> Bool
    ) -> SignalProducer<ChangeSet<Key, Item>, Never> where Value == ChangeSet<Key, Item> {
        filter(where: SignalProducer<@Sendable (Item) -> Bool, Never>(value: isIncluded))
    }

    /// The items of a keyed collection that the latest of `predicates` accepts: a new predicate
    /// looks at every item again and sends what came and went as one change set. Nothing is sent
    /// before the first predicate. For a search box over a sorted list, filter after the sort
    /// instead (`sort(by:).filter(where:)`, the positional filter): here, every item a new
    /// predicate lets back in is sorted again, there it is one pass with no comparison.
    @inlinable public func filter<Key, Item>(
        where predicates: SignalProducer<@Sendable (Item) -> Bool, Never>
    ) -> SignalProducer<ChangeSet<Key, Item>, Never> where Value == ChangeSet<Key, Item> {
        let upstream = self
        return SignalProducer<ChangeSet<Key, Item>, Never> { observer, lifetime in
            let drain = SerialDrain()
            let state = DrainedState(FilterState<Key, Item>())
            lifetime += predicates.startWithValues { predicate in
                drain.run {
                    let set = state.value.change(predicate)
                    if !set.isEmpty { observer.send(value: set) }
                }
            }
            lifetime += upstream.startWithValues { changes in
                drain.run {
                    let set = state.value.apply(changes)
                    if !set.isEmpty { observer.send(value: set) }
                }
            }
        }
    }
}

/// What a filter knows: every upstream item (so a new predicate can look again) and which
/// it lets through.
@usableFromInline struct FilterState<Key: Hashable & Sendable, Item: Sendable> {
    @usableFromInline var items: [Key: Item] = [:]
    @usableFromInline var included: Set<Key> = []
    @usableFromInline var predicate: (@Sendable (Item) -> Bool)?

    @inlinable init() {}

    @inlinable mutating func apply(_ changes: ChangeSet<Key, Item>) -> ChangeSet<Key, Item> {
        var out: [Change<Key, Item>] = []
        for change in changes {
            let key = change.key
            switch change {
            case let .add(_, item), let .update(_, item, _), let .refresh(_, item):
                let previous = items.updateValue(item, forKey: key)
                guard let predicate else { continue }
                let was = included.contains(key)
                let now = predicate(item)
                switch (was, now) {
                case (false, true):
                    included.insert(key)
                    out.append(.add(key, item))
                case (true, false):
                    included.remove(key)
                    out.append(.remove(key, previous ?? item))
                case (true, true):
                    if case .refresh = change {
                        out.append(.refresh(key, item))
                    } else {
                        out.append(.update(key, item, previous: previous ?? item))
                    }
                case (false, false):
                    break
                }
            case let .remove(_, item):
                items.removeValue(forKey: key)
                if included.remove(key) != nil { out.append(.remove(key, item)) }
            }
        }
        return ChangeSet(out)
    }

    @inlinable mutating func change(_ predicate: @escaping @Sendable (Item) -> Bool) -> ChangeSet<Key, Item> {
        self.predicate = predicate
        var out: [Change<Key, Item>] = []
        for (key, item) in items {
            let was = included.contains(key)
            let now = predicate(item)
            if was && !now {
                included.remove(key)
                out.append(.remove(key, item))
            } else if now && !was {
                included.insert(key)
                out.append(.add(key, item))
            }
        }
        return ChangeSet(out)
    }
}
