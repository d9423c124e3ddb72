import Reactive

extension SignalProducer where Error == Never {
    /// A keyed collection that also says `.refresh` for an item each time `changes(item)` sends:
    /// for items that change inside (a reference whose properties a sort or filter reads), so
    /// the operators after it look at the item again. Every upstream change passes through.
    ///
    /// Each item's `changes` runs while the item is held: started when it comes, started again
    /// for the new item when it is replaced, disposed when it goes and when this run ends. Its
    /// first value is the item's state when started (a property's producer sends its value at
    /// once) and no refresh, unless `skippingFirst` is false.
    ///
    /// Without a `scheduler` each value sends one refresh at once, from the thread that sent it.
    /// With one, refreshes are gathered and sent as one change set when `scheduler` runs, each
    /// key once (coalescing a burst of property changes); a key replaced or removed meanwhile
    /// is not refreshed. Each change costs O(1) and, for an add or update, one start.
    @inlinable public func autoRefresh<Key, Item, Trigger: Sendable>(
        skippingFirst: Bool = true,
        coalescingOn scheduler: (any Scheduler)? = nil,
        _ changes: @escaping @Sendable (Item) -> SignalProducer<Trigger, Never>
    ) -> SignalProducer<ChangeSet<Key, Item>, Never> where Value == ChangeSet<Key, Item> {
        let upstream = self
        return SignalProducer<ChangeSet<Key, Item>, Never> { observer, lifetime in
            let drain = SerialDrain()
            let state = DrainedState(AutoRefreshState<Key, Item>())
            /// Starts following `item`, as watch number `watch` of `key`.
            let follow: @Sendable (Key, Item, Int) -> any Disposable = { key, item, watch in
                changes(item).skip(first: skippingFirst ? 1 : 0).startWithValues { _ in
                    drain.run {
                        guard let item = state.value.triggered(key, watch: watch) else { return }
                        if let scheduler {
                            guard state.value.queue(key) else { return }
                            state.value.flush = scheduler.schedule {
                                drain.run {
                                    let set = state.value.takeQueued()
                                    if !set.isEmpty { observer.send(value: set) }
                                }
                            }
                        } else {
                            observer.send(value: ChangeSet([.refresh(key, item)]))
                        }
                    }
                }
            }
            lifetime += upstream.startWithValues { changes in
                drain.run {
                    state.value.apply(changes, follow: follow)
                    if !changes.isEmpty { observer.send(value: changes) }
                }
            }
            lifetime.observeEnded {
                drain.run { state.value.end() }
            }
        }
    }
}

/// What an auto-refresh knows: each item held and the run that follows it, and the keys whose
/// refresh waits for its scheduler.
@usableFromInline struct AutoRefreshState<Key: Hashable & Sendable, Item: Sendable> {
    @usableFromInline struct Watch {
        @usableFromInline var item: Item
        @usableFromInline let run: any Disposable
        /// Tells this watch's values from those of a key's earlier watches, still on their way.
        @usableFromInline let number: Int

        @inlinable init(item: Item, run: any Disposable, number: Int) {
            self.item = item
            self.run = run
            self.number = number
        }
    }

    @usableFromInline var watches: [Key: Watch] = [:]
    @usableFromInline var lastWatch = 0
    /// The keys to refresh when the scheduler runs, in the order they asked; a key taken out of
    /// `queued` meanwhile (replaced, removed) is skipped.
    @usableFromInline var queue: [Key] = []
    @usableFromInline var queued: Set<Key> = []
    /// The scheduled sending of the queue, if there is one.
    @usableFromInline var flush: (any Disposable)?
    /// Whether the run ended: nothing is followed any more.
    @usableFromInline var hasEnded = false

    @inlinable init() {}

    @inlinable mutating func apply(_ changes: ChangeSet<Key, Item>, follow: (Key, Item, Int) -> any Disposable) {
        guard !hasEnded else { return }
        for change in changes {
            switch change {
            case let .add(key, item), let .update(key, item, _):
                watches[key]?.run.dispose()
                queued.remove(key)
                lastWatch += 1
                watches[key] = Watch(item: item, run: follow(key, item, lastWatch), number: lastWatch)
            case let .refresh(key, item):
                if watches[key] != nil {
                    watches[key]?.item = item
                } else {
                    lastWatch += 1
                    watches[key] = Watch(item: item, run: follow(key, item, lastWatch), number: lastWatch)
                }
            case let .remove(key, _):
                watches.removeValue(forKey: key)?.run.dispose()
                queued.remove(key)
            }
        }
    }

    /// The item to refresh for a value of watch `watch` of `key`, if that watch still follows it.
    @inlinable func triggered(_ key: Key, watch: Int) -> Item? {
        guard !hasEnded, let held = watches[key], held.number == watch else { return nil }
        return held.item
    }

    /// Queues `key`'s refresh: true when the queue was empty, so its sending must be scheduled.
    @inlinable mutating func queue(_ key: Key) -> Bool {
        guard queued.insert(key).inserted else { return false }
        queue.append(key)
        return queue.count == 1
    }

    /// The queued refreshes, as one change set, and an empty queue.
    @inlinable mutating func takeQueued() -> ChangeSet<Key, Item> {
        var out: [Change<Key, Item>] = []
        for key in queue where queued.remove(key) != nil {
            if let item = watches[key]?.item { out.append(.refresh(key, item)) }
        }
        queue.removeAll(keepingCapacity: true)
        flush = nil
        return ChangeSet(out)
    }

    /// Stops following every item.
    @inlinable mutating func end() {
        hasEnded = true
        for watch in watches.values { watch.run.dispose() }
        watches = [:]
        flush?.dispose()
        flush = nil
        queue = []
        queued = []
    }
}
