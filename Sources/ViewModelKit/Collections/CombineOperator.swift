import Reactive

extension SignalProducer where Error == Never {
    /// The keys every one of this collection and `others` holds (an intersection), as a keyed
    /// collection. A key's value is this collection's: its updates and refreshes pass through,
    /// those of `others` do not (they only decide which keys are in). Each change costs
    /// O(number of sources).
    @inlinable public func and<Key, Item>(
        _ others: SignalProducer<ChangeSet<Key, Item>, Never>...
    ) -> SignalProducer<ChangeSet<Key, Item>, Never> where Value == ChangeSet<Key, Item> {
        combined(with: others, as: .all)
    }

    /// The keys any of this collection and `others` holds (a union), as a keyed collection. A
    /// key's value is that of the first source holding it, in the order given (this collection
    /// first): its updates and refreshes pass through; when that source lets the key go and
    /// another still holds it, the key is updated to the next source's value. Each change
    /// costs O(number of sources).
    @inlinable public func or<Key, Item>(
        _ others: SignalProducer<ChangeSet<Key, Item>, Never>...
    ) -> SignalProducer<ChangeSet<Key, Item>, Never> where Value == ChangeSet<Key, Item> {
        combined(with: others, as: .any)
    }

    /// The keys of this collection that none of `others` holds (a difference), as a keyed
    /// collection: a key leaves when another source takes it and comes back when that source
    /// lets it go. A key's value is this collection's; its updates and refreshes pass through.
    /// `others` are started first, so their first items are known before this collection's.
    /// Each change costs O(number of sources).
    @inlinable public func except<Key, Item>(
        _ others: SignalProducer<ChangeSet<Key, Item>, Never>...
    ) -> SignalProducer<ChangeSet<Key, Item>, Never> where Value == ChangeSet<Key, Item> {
        combined(with: others, as: .onlyFirst)
    }

    /// This collection and `others` combined by `rule`, all of them followed through one drain.
    @inlinable func combined<Key, Item>(
        with others: [SignalProducer<ChangeSet<Key, Item>, Never>],
        as rule: KeyedCombinationRule
    ) -> SignalProducer<ChangeSet<Key, Item>, Never> where Value == ChangeSet<Key, Item> {
        let sources = [self] + others
        return SignalProducer<ChangeSet<Key, Item>, Never> { observer, lifetime in
            let drain = SerialDrain()
            let state = DrainedState(KeyedCombinationState<Key, Item>(rule: rule, sources: sources.count))
            // A difference starts the sources it excepts first: this collection's first items
            // then meet the keys they hold, instead of being added and taken back.
            let order = rule == .onlyFirst ? Array(sources.indices.dropFirst()) + [0] : Array(sources.indices)
            for index in order {
                lifetime += sources[index].startWithValues { changes in
                    drain.run {
                        let set = state.value.apply(changes, from: index)
                        if !set.isEmpty { observer.send(value: set) }
                    }
                }
            }
        }
    }
}

/// Which keys a combination of keyed sources holds.
@usableFromInline enum KeyedCombinationRule: Sendable {
    /// Those every source holds (`and`).
    case all
    /// Those any source holds (`or`).
    case any
    /// Those the first source holds and no other (`except`).
    case onlyFirst
}

/// What a combination of keyed sources knows: each source's items, and for each key it sends,
/// the value it sent and the source that value came from.
@usableFromInline struct KeyedCombinationState<Key: Hashable & Sendable, Item: Sendable> {
    @usableFromInline let rule: KeyedCombinationRule
    @usableFromInline var sources: [[Key: Item]]
    @usableFromInline var sent: [Key: (source: Int, item: Item)] = [:]

    @inlinable init(rule: KeyedCombinationRule, sources count: Int) {
        self.rule = rule
        sources = Array(repeating: [:], count: count)
    }

    /// The source whose value `key` shows, and that value, if the rule lets `key` in.
    @inlinable func winner(of key: Key) -> (source: Int, item: Item)? {
        switch rule {
        case .all:
            guard let item = sources[0][key], sources.dropFirst().allSatisfy({ $0[key] != nil }) else { return nil }
            return (0, item)
        case .any:
            for (index, source) in sources.enumerated() {
                if let item = source[key] { return (index, item) }
            }
            return nil
        case .onlyFirst:
            guard let item = sources[0][key], !sources.dropFirst().contains(where: { $0[key] != nil }) else { return nil }
            return (0, item)
        }
    }

    @inlinable mutating func apply(_ changes: ChangeSet<Key, Item>, from source: Int) -> ChangeSet<Key, Item> {
        var out: [Change<Key, Item>] = []
        for change in changes {
            let key = change.key
            if case .remove = change {
                sources[source].removeValue(forKey: key)
            } else {
                sources[source][key] = change.value
            }
            let before = sent[key]
            let winner = winner(of: key)
            switch (before, winner) {
            case (nil, nil):
                break
            case let (nil, winner?):
                sent[key] = winner
                out.append(.add(key, winner.item))
            case let (before?, nil):
                sent.removeValue(forKey: key)
                out.append(.remove(key, before.item))
            case let (before?, winner?):
                // Only a change of the source shown, or a new source shown, changes what is sent.
                guard winner.source != before.source || winner.source == source else { continue }
                sent[key] = winner
                if case .refresh = change, winner.source == before.source {
                    out.append(.refresh(key, winner.item))
                } else {
                    out.append(.update(key, winner.item, previous: before.item))
                }
            }
        }
        return ChangeSet(out)
    }
}
