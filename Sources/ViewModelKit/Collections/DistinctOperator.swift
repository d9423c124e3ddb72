import Reactive

extension SignalProducer where Error == Never {
    /// The distinct values of `property` across the items of a keyed collection, as a keyed
    /// collection of those values (each its own key): a value is added when the first item
    /// having it comes and removed when the last one goes (the places of a filter menu). Each
    /// value counts the items having it; an update or refresh that changes an item's value
    /// moves its count. One change set sends only what it changed in the end: a value that
    /// went and came back within it sends nothing. Each change costs O(1).
    @inlinable public func distinct<Key, Item, Property: Hashable & Sendable>(
        _ property: @escaping @Sendable (Item) -> Property
    ) -> SignalProducer<ChangeSet<Property, Property>, Never> where Value == ChangeSet<Key, Item> {
        let upstream = self
        return SignalProducer<ChangeSet<Property, Property>, Never> { observer, lifetime in
            let drain = SerialDrain()
            let state = DrainedState(DistinctState<Key, Item, Property>(property: property))
            lifetime += upstream.startWithValues { changes in
                drain.run {
                    let set = state.value.apply(changes)
                    if !set.isEmpty { observer.send(value: set) }
                }
            }
        }
    }
}

/// What a distinct knows: each item's value, and how many items have each value.
@usableFromInline struct DistinctState<Key: Hashable & Sendable, Item: Sendable, Property: Hashable & Sendable> {
    @usableFromInline let property: @Sendable (Item) -> Property
    @usableFromInline var values: [Key: Property] = [:]
    @usableFromInline var counts: [Property: Int] = [:]

    @inlinable init(property: @escaping @Sendable (Item) -> Property) { self.property = property }

    @inlinable mutating func apply(_ changes: ChangeSet<Key, Item>) -> ChangeSet<Property, Property> {
        // Whether each value this change set touched was there before it, in the order touched.
        var touched: [Property: Bool] = [:]
        var order: [Property] = []
        for change in changes {
            let key = change.key
            let old: Property?
            let new: Property?
            switch change {
            case let .add(_, item), let .update(_, item, _), let .refresh(_, item):
                let value = property(item)
                old = values.updateValue(value, forKey: key)
                new = value
            case .remove:
                old = values.removeValue(forKey: key)
                new = nil
            }
            guard old != new else { continue }
            if let old {
                note(old, &touched, &order)
                counts[old] = counts[old].flatMap { $0 > 1 ? $0 - 1 : nil }
            }
            if let new {
                note(new, &touched, &order)
                counts[new, default: 0] += 1
            }
        }
        var out: [Change<Property, Property>] = []
        for value in order {
            let was = touched[value] ?? false
            let isHeld = counts[value] != nil
            if was && !isHeld { out.append(.remove(value, value)) }
            if !was && isHeld { out.append(.add(value, value)) }
        }
        return ChangeSet(out)
    }

    /// Remembers whether `value` was held before the first change that touched it.
    @inlinable func note(_ value: Property, _ touched: inout [Property: Bool], _ order: inout [Property]) {
        guard touched[value] == nil else { return }
        touched[value] = counts[value] != nil
        order.append(value)
    }
}
