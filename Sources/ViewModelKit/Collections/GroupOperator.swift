import Reactive
import Synchronization

extension SignalProducer where Error == Never {
    /// The items of a keyed collection in groups by `groupKey`, as a keyed collection of groups
    /// (a list's sections): a group is added with its first item, removed with its last, and
    /// refreshed when an edit changed its members (so a section's header can show its `count`
    /// again, and a sort by count can place it again). An item whose group key changes on an
    /// update or refresh moves from its old group to its new one.
    ///
    /// Each group follows its own members: `connect()` sends them, then their changes, so a
    /// section's rows go through `sort`, `page` and a list binding like any keyed collection.
    /// A group removed is done: its key coming back makes a new group, so dispose its connections
    /// when it goes (they stop hearing anything once the group or this run ends). Each change
    /// costs O(1).
    @inlinable public func group<Key, Item, GroupKey: Hashable & Sendable>(
        by groupKey: @escaping @Sendable (Item) -> GroupKey
    ) -> SignalProducer<ChangeSet<GroupKey, CollectionGroup<GroupKey, Key, Item>>, Never> where Value == ChangeSet<Key, Item> {
        let upstream = self
        return SignalProducer<ChangeSet<GroupKey, CollectionGroup<GroupKey, Key, Item>>, Never> { observer, lifetime in
            let drain = SerialDrain()
            let state = DrainedState(GroupState<GroupKey, Key, Item>(groupKey: groupKey, drain: drain))
            lifetime += upstream.startWithValues { changes in
                drain.run {
                    let set = state.value.apply(changes)
                    if !set.isEmpty { observer.send(value: set) }
                }
            }
        }
    }
}

/// One group of `group(by:)`: the items whose group key is `key`, which it sends to each of its
/// connections as they change. Its members live in the grouping's drain, so a group's changes
/// and the grouping's come in one order.
public final class CollectionGroup<GroupKey: Hashable & Sendable, Key: Hashable & Sendable, Item: Sendable>: Sendable {
    /// What the members are, and who follows them.
    @usableFromInline struct Members {
        @usableFromInline var items: [Key: Item] = [:]
        @usableFromInline var connections: [Int: Signal<ChangeSet<Key, Item>, Never>.Observer] = [:]
        @usableFromInline var lastConnection = 0

        @inlinable init() {}
    }

    /// The group key its members share.
    public let key: GroupKey
    @usableFromInline let drain: SerialDrain
    @usableFromInline let members = DrainedState(Members())
    @usableFromInline let memberCount = Atomic<Int>(0)

    @inlinable init(key: GroupKey, drain: SerialDrain) {
        self.key = key
        self.drain = drain
    }

    /// The number of members after the latest change set the grouping sent.
    @inlinable public var count: Int { memberCount.load(ordering: .acquiring) }

    /// The members: first every one now as additions (nothing when there is none), then each
    /// change set of theirs, until the run is disposed. The first costs O(members).
    @inlinable public func connect() -> SignalProducer<ChangeSet<Key, Item>, Never> {
        let drain = self.drain
        let members = self.members
        return SignalProducer<ChangeSet<Key, Item>, Never> { observer, lifetime in
            drain.run {
                guard !lifetime.hasEnded else { return }
                members.value.lastConnection += 1
                let id = members.value.lastConnection
                members.value.connections[id] = observer
                let initial = ChangeSet(members.value.items.map { Change.add($0.key, $0.value) })
                if !initial.isEmpty { observer.send(value: initial) }
                lifetime.observeEnded {
                    drain.run { members.value.connections.removeValue(forKey: id) }
                }
            }
        }
    }

    /// Makes `item` the member for `key` (in the drain only), returning the one it replaced.
    @inlinable func put(_ item: Item, for key: Key) -> Item? {
        members.value.items.updateValue(item, forKey: key)
    }

    /// Removes the member for `key` (in the drain only), returning it.
    @inlinable func take(_ key: Key) -> Item? {
        members.value.items.removeValue(forKey: key)
    }

    /// Sends `changes` to the group's connections and publishes its count (in the drain only).
    @inlinable func publish(_ changes: [Change<Key, Item>]) {
        memberCount.store(members.value.items.count, ordering: .releasing)
        guard !changes.isEmpty, !members.value.connections.isEmpty else { return }
        let set = ChangeSet(changes)
        for connection in members.value.connections.values { connection.send(value: set) }
    }
}

/// What a grouping knows: each item's group key, and the groups.
@usableFromInline struct GroupState<GroupKey: Hashable & Sendable, Key: Hashable & Sendable, Item: Sendable> {
    @usableFromInline typealias Group = CollectionGroup<GroupKey, Key, Item>

    @usableFromInline let groupKey: @Sendable (Item) -> GroupKey
    @usableFromInline let drain: SerialDrain
    @usableFromInline var membership: [Key: GroupKey] = [:]
    @usableFromInline var groups: [GroupKey: Group] = [:]

    @inlinable init(groupKey: @escaping @Sendable (Item) -> GroupKey, drain: SerialDrain) {
        self.groupKey = groupKey
        self.drain = drain
    }

    /// The member changes one change set makes to the groups it touches, in the order touched.
    @usableFromInline struct Touched {
        @usableFromInline var changes: [GroupKey: [Change<Key, Item>]] = [:]
        @usableFromInline var order: [GroupKey] = []
        /// The groups made by this change set.
        @usableFromInline var made: Set<GroupKey> = []

        @inlinable init() {}
    }

    @inlinable mutating func apply(_ changes: ChangeSet<Key, Item>) -> ChangeSet<GroupKey, Group> {
        var touched = Touched()
        for change in changes {
            let key = change.key
            switch change {
            case let .add(_, item), let .update(_, item, _), let .refresh(_, item):
                let new = groupKey(item)
                let old = membership.updateValue(new, forKey: key)
                if let old, old != new {
                    leave(old, key: key, into: &touched)
                }
                let group = self.group(new, into: &touched)
                let previous = group.put(item, for: key)
                if let previous, old == new {
                    if case .refresh = change {
                        touched.changes[new, default: []].append(.refresh(key, item))
                    } else {
                        touched.changes[new, default: []].append(.update(key, item, previous: previous))
                    }
                } else {
                    touched.changes[new, default: []].append(.add(key, item))
                }
            case .remove:
                if let old = membership.removeValue(forKey: key) { leave(old, key: key, into: &touched) }
            }
        }
        var out: [Change<GroupKey, Group>] = []
        for groupKey in touched.order {
            guard let group = groups[groupKey] else { continue }
            group.publish(touched.changes[groupKey] ?? [])
            let isMade = touched.made.contains(groupKey)
            if group.count == 0 {
                groups.removeValue(forKey: groupKey)
                if !isMade { out.append(.remove(groupKey, group)) }
            } else {
                out.append(isMade ? .add(groupKey, group) : .refresh(groupKey, group))
            }
        }
        return ChangeSet(out)
    }

    /// The group for `groupKey`, made if there is none.
    @inlinable mutating func group(_ groupKey: GroupKey, into touched: inout Touched) -> Group {
        if touched.changes[groupKey] == nil {
            touched.changes[groupKey] = []
            touched.order.append(groupKey)
        }
        if let group = groups[groupKey] { return group }
        let group = Group(key: groupKey, drain: drain)
        groups[groupKey] = group
        touched.made.insert(groupKey)
        return group
    }

    /// `key` leaves the group for `groupKey`.
    @inlinable mutating func leave(_ groupKey: GroupKey, key: Key, into touched: inout Touched) {
        let group = self.group(groupKey, into: &touched)
        if let item = group.take(key) {
            touched.changes[groupKey, default: []].append(.remove(key, item))
        }
    }
}
