import Reactive
import Synchronization

/// An ordered collection that says how it changed, as DynamicData's `SourceList`: the list form
/// of `SourceCache`, for items whose order is given rather than computed (a server's pages, a
/// user's arrangement). A view model edits it from any thread; its views follow `connect()`,
/// which sends the items as they are (one reset) and then each edit's positional changes, so a
/// list binding splices only what changed.
///
/// Edits are serialised as `SourceCache`'s are: each is applied whole, its change set reaches
/// every connection after those of earlier edits, and an observer may edit the list it observes
/// (that edit's change set comes next). Positions out of range are ignored, never trapped on.
public final class SourceList<Item: Sendable>: Sendable {
    private typealias Connection = Signal<IndexedChangeSet<Item>, Never>.Observer

    private struct State {
        var items = CountedTree<Item>()
        var connections: [Int: Connection] = [:]
        var lastConnection = 0
    }

    private let state = Mutex(State())
    private let delivery = SerialDrain()

    /// An empty list.
    public init() {}

    /// A list of `items`.
    public init<S: Sequence>(_ items: S) where S.Element == Item {
        state.withLock { $0.items = CountedTree(items) }
    }

    /// The number of items.
    public var count: Int { state.withLock { $0.items.count } }

    /// The items now (a copy that shares storage with the list until either changes).
    public var items: CountedTree<Item> { state.withLock { $0.items } }

    /// The changes of this list: first the items as they are (a reset, also when empty), then
    /// each edit's change set, until the run is disposed.
    public func connect() -> SignalProducer<IndexedChangeSet<Item>, Never> {
        SignalProducer { [self] observer, lifetime in
            let (id, drains) = state.withLock { state -> (Int, Bool) in
                state.lastConnection += 1
                let id = state.lastConnection
                let initial = IndexedChangeSet([.reset(state.items)], count: state.items.count)
                state.connections[id] = observer
                return (id, delivery.enqueue { observer.send(value: initial) })
            }
            if drains { delivery.drain() }
            lifetime.observeEnded { [weak self] in
                _ = self?.state.withLock { $0.connections.removeValue(forKey: id) }
            }
        }
    }

    /// Applies the edits `body` makes, in order, as one change set. `body` runs while the list
    /// is locked: it reads the list through the editor, never through the list itself.
    public func edit(_ body: (inout Editor) -> Void) {
        let drains = state.withLock { state -> Bool in
            var editor = Editor(items: state.items)
            // The list's own tree is changed in place (no copy of the paths no edit touches).
            state.items = CountedTree()
            body(&editor)
            state.items = editor.items
            guard !editor.changes.isEmpty else { return false }
            let set = IndexedChangeSet(editor.changes, count: editor.items.count)
            let connections = Array(state.connections.values)
            return delivery.enqueue { for connection in connections { connection.send(value: set) } }
        }
        if drains { delivery.drain() }
    }

    /// Adds `items` at the end.
    public func append<S: Sequence>(contentsOf items: S) where S.Element == Item {
        edit { editor in for item in items { editor.insert(item, at: editor.count) } }
    }

    /// Shows `items` in place of everything (one reset).
    public func replaceAll<S: Sequence>(with items: S) where S.Element == Item {
        edit { $0.replaceAll(with: items) }
    }

    /// Removes every item.
    public func removeAll() { edit { $0.replaceAll(with: []) } }

    /// The edits of one `edit`: each applied at once, so positions are those the edits before
    /// it left.
    public struct Editor {
        /// The items as the edits so far left them.
        public private(set) var items: CountedTree<Item>
        var changes: [IndexedChange<Item>] = []

        init(items: CountedTree<Item>) { self.items = items }

        /// The number of items now.
        public var count: Int { items.count }

        /// Inserts `item` at `position` (`count`: at the end); ignored out of `0...count`.
        public mutating func insert(_ item: Item, at position: Int) {
            guard position >= 0, position <= items.count else { return }
            items.insert(item, at: position)
            changes.append(.insert(item, at: position))
        }

        /// Removes the item at `position`; ignored out of range.
        public mutating func remove(at position: Int) {
            guard position >= 0, position < items.count else { return }
            let removed = items.remove(at: position)
            changes.append(.remove(removed, at: position))
        }

        /// Puts `item` in place of the one at `position`; ignored out of range.
        public mutating func replace(at position: Int, with item: Item) {
            guard position >= 0, position < items.count else { return }
            let previous = items[position]
            items.replace(at: position, with: item)
            changes.append(.update(item, previous: previous, at: position))
        }

        /// Moves the item at `from` to `to` (a position in the list without it); ignored when
        /// either is out of range.
        public mutating func move(from: Int, to: Int) {
            guard from >= 0, from < items.count, to >= 0, to < items.count, from != to else { return }
            let item = items.remove(at: from)
            items.insert(item, at: to)
            changes.append(.move(item, from: from, to: to))
        }

        /// Shows `items` in place of everything, as one reset.
        public mutating func replaceAll<S: Sequence>(with items: S) where S.Element == Item {
            let fresh = CountedTree(items)
            guard !(fresh.isEmpty && self.items.isEmpty) else { return }
            self.items = fresh
            changes.append(.reset(fresh))
        }
    }
}
