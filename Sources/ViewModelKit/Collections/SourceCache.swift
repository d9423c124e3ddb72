import Reactive
import Synchronization

/// A keyed collection that says how it changed, as DynamicData's `SourceCache`: a view model
/// keeps its items here, edits them from any thread, and its views follow the change sets
/// (`connect()`) through `filter`, `sort`, `page` and a list binding, each costing what changed
/// and not what is held.
///
/// Edits are serialised: each is applied whole, and its change set reaches every connection
/// in the order the edits were made, after the changes sets of earlier edits. An observer may
/// edit the cache it observes: that edit's change set comes after the current one.
public final class SourceCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// A connection: where its change sets go, while it lasts.
    @usableFromInline typealias Connection = Signal<ChangeSet<Key, Value>, Never>.Observer

    @usableFromInline struct State {
        @usableFromInline var values: [Key: Value] = [:]
        @usableFromInline var connections: [Int: Connection] = [:]
        @usableFromInline var lastConnection = 0
        @inlinable init() {}
    }

    @usableFromInline let key: @Sendable (Value) -> Key
    @usableFromInline let state = Mutex(State())
    @usableFromInline let delivery = SerialDrain()

    /// An empty cache whose items are told apart by `key` (an id).
    @inlinable public init(key: @escaping @Sendable (Value) -> Key) {
        self.key = key
    }

    /// The number of items.
    @inlinable public var count: Int { state.withLock { $0.values.count } }

    /// The items now, in no particular order.
    @inlinable public var items: [Value] { state.withLock { Array($0.values.values) } }

    /// The item with `key`, if there is one.
    @inlinable public func lookup(_ key: Key) -> Value? { state.withLock { $0.values[key] } }

    /// The changes of this cache: first every item now as additions (nothing when it is empty),
    /// then each edit's change set, until the run is disposed.
    @inlinable public func connect() -> SignalProducer<ChangeSet<Key, Value>, Never> {
        SignalProducer { [self] observer, lifetime in
            let (id, drains) = state.withLock { state -> (Int, Bool) in
                state.lastConnection += 1
                let id = state.lastConnection
                let initial = ChangeSet(state.values.map { Change.add($0.key, $0.value) })
                state.connections[id] = observer
                // Queued under the lock: it comes before any later edit's change set, after any earlier one.
                return (id, delivery.enqueue { if !initial.isEmpty { observer.send(value: initial) } })
            }
            if drains { delivery.drain() }
            lifetime.observeEnded { [weak self] in
                _ = self?.state.withLock { $0.connections.removeValue(forKey: id) }
            }
        }
    }

    /// Applies the edits `body` makes, as one change set.
    @inlinable public func edit(_ body: (inout Editor) -> Void) {
        var editor = Editor(key: key)
        body(&editor)
        guard !editor.edits.isEmpty else { return }
        let drains = state.withLock { state -> Bool in
            var changes: [Change<Key, Value>] = []
            changes.reserveCapacity(editor.edits.count)
            for edit in editor.edits {
                switch edit {
                case let .put(key, value):
                    if let previous = state.values.updateValue(value, forKey: key) {
                        changes.append(.update(key, value, previous: previous))
                    } else {
                        changes.append(.add(key, value))
                    }
                case let .remove(key):
                    if let previous = state.values.removeValue(forKey: key) { changes.append(.remove(key, previous)) }
                case let .refresh(key):
                    if let value = state.values[key] { changes.append(.refresh(key, value)) }
                case .removeAll:
                    for (key, value) in state.values { changes.append(.remove(key, value)) }
                    state.values.removeAll()
                }
            }
            guard !changes.isEmpty else { return false }
            let set = ChangeSet(changes)
            let connections = Array(state.connections.values)
            return delivery.enqueue { for connection in connections { connection.send(value: set) } }
        }
        if drains { delivery.drain() }
    }

    /// Adds `value`, or replaces the item with its key.
    @inlinable public func addOrUpdate(_ value: Value) { edit { $0.addOrUpdate(value) } }

    /// Adds or replaces each of `values`, as one change set.
    @inlinable public func addOrUpdate<S: Sequence>(contentsOf values: S) where S.Element == Value {
        edit { editor in for value in values { editor.addOrUpdate(value) } }
    }

    /// Removes the item with `key`, if there is one.
    @inlinable public func remove(_ key: Key) { edit { $0.remove(key) } }

    /// Removes every item.
    @inlinable public func removeAll() { edit { $0.removeAll() } }

    /// Says that something a filter or sort reads in the item with `key` changed.
    @inlinable public func refresh(_ key: Key) { edit { $0.refresh(key) } }

    /// The edits of one `edit`, applied in order when it returns.
    public struct Editor {
        @usableFromInline enum Edit {
            case put(Key, Value)
            case remove(Key)
            case refresh(Key)
            case removeAll
        }

        @usableFromInline let key: @Sendable (Value) -> Key
        @usableFromInline var edits: [Edit] = []

        @inlinable init(key: @escaping @Sendable (Value) -> Key) { self.key = key }

        /// Adds `value`, or replaces the item with its key.
        @inlinable public mutating func addOrUpdate(_ value: Value) { edits.append(.put(key(value), value)) }
        /// Removes the item with `key`, if there is one.
        @inlinable public mutating func remove(_ key: Key) { edits.append(.remove(key)) }
        /// Says that something a filter or sort reads in the item with `key` changed.
        @inlinable public mutating func refresh(_ key: Key) { edits.append(.refresh(key)) }
        /// Removes every item.
        @inlinable public mutating func removeAll() { edits.append(.removeAll) }
    }
}
