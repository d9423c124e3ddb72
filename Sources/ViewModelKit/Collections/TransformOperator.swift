import Reactive

extension SignalProducer where Error == Never {
    /// Each item of a keyed collection made into `transform`'s output, kept per key: the
    /// transform runs once when an item comes and once each time it is replaced, never for an
    /// item that stays, so it can make something costly once per item (a row's view model).
    /// A removal drops the key's output and carries it; an update carries the output it
    /// replaces as `previous`.
    ///
    /// A `.refresh` (the same item, something in it changed) keeps the output and passes on as a
    /// refresh of it, unless `transformingOnRefresh`: then the transform runs again and the new
    /// output is sent as an update. Each change costs O(1) and one transform at most.
    @inlinable public func transform<Key, Item, Output: Sendable>(
        transformingOnRefresh: Bool = false,
        _ transform: @escaping @Sendable (Item) -> Output
    ) -> SignalProducer<ChangeSet<Key, Output>, Never> where Value == ChangeSet<Key, Item> {
        let upstream = self
        return SignalProducer<ChangeSet<Key, Output>, Never> { observer, lifetime in
            let drain = SerialDrain()
            let state = DrainedState(TransformState<Key, Item, Output>(transform: transform, transformingOnRefresh: transformingOnRefresh))
            lifetime += upstream.startWithValues { changes in
                drain.run {
                    let set = state.value.apply(changes)
                    if !set.isEmpty { observer.send(value: set) }
                }
            }
        }
    }
}

/// What a transform knows: the output it made for each key held.
@usableFromInline struct TransformState<Key: Hashable & Sendable, Item: Sendable, Output: Sendable> {
    @usableFromInline let transform: @Sendable (Item) -> Output
    @usableFromInline let transformingOnRefresh: Bool
    @usableFromInline var outputs: [Key: Output] = [:]

    @inlinable init(transform: @escaping @Sendable (Item) -> Output, transformingOnRefresh: Bool) {
        self.transform = transform
        self.transformingOnRefresh = transformingOnRefresh
    }

    @inlinable mutating func apply(_ changes: ChangeSet<Key, Item>) -> ChangeSet<Key, Output> {
        var out: [Change<Key, Output>] = []
        out.reserveCapacity(changes.count)
        for change in changes {
            switch change {
            case let .add(key, item), let .update(key, item, _):
                // An add for a key held already (an upstream that lied) replaces it like an update.
                out.append(replace(key, with: item))
            case let .refresh(key, item):
                if !transformingOnRefresh, let output = outputs[key] {
                    out.append(.refresh(key, output))
                } else {
                    out.append(replace(key, with: item))
                }
            case let .remove(key, _):
                if let output = outputs.removeValue(forKey: key) { out.append(.remove(key, output)) }
            }
        }
        return ChangeSet(out)
    }

    /// Transforms `item` and keeps the output for `key`: an add, or an update of the output held.
    @inlinable mutating func replace(_ key: Key, with item: Item) -> Change<Key, Output> {
        let output = transform(item)
        if let previous = outputs.updateValue(output, forKey: key) {
            return .update(key, output, previous: previous)
        }
        return .add(key, output)
    }
}
