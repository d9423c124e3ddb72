/// One change of a keyed collection (a `SourceCache` and the operators over it), by key: what a
/// view needs to follow the collection without recomputing it.
public enum Change<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// `key` came, with `value`.
    case add(Key, Value)
    /// `key`'s value changed from `previous` to `value`.
    case update(Key, Value, previous: Value)
    /// `key` went; `value` was its last value.
    case remove(Key, Value)
    /// `key`'s value is the same object, but something a filter or sort reads in it changed
    /// (`autoRefresh`): operators look at it again.
    case refresh(Key, Value)

    /// The key the change is about.
    @inlinable public var key: Key {
        switch self {
        case let .add(key, _), let .update(key, _, _), let .remove(key, _), let .refresh(key, _): key
        }
    }

    /// The value after the change (for a removal, the last one).
    @inlinable public var value: Value {
        switch self {
        case let .add(_, value), let .update(_, value, _), let .remove(_, value), let .refresh(_, value): value
        }
    }
}

/// The changes one edit of a keyed collection made, in order. An edit that changed nothing
/// sends no change set.
public struct ChangeSet<Key: Hashable & Sendable, Value: Sendable>: Sendable, RandomAccessCollection {
    public var changes: [Change<Key, Value>]

    @inlinable public init(_ changes: [Change<Key, Value>] = []) { self.changes = changes }

    @inlinable public var startIndex: Int { changes.startIndex }
    @inlinable public var endIndex: Int { changes.endIndex }
    @inlinable public subscript(position: Int) -> Change<Key, Value> { changes[position] }
}

/// One change of an ordered view (`sort`, `page`), in positions: each applies to the view as
/// the previous changes left it, so a list applies them one after another.
public enum IndexedChange<Value: Sendable>: Sendable {
    /// `value` is new at `position`; the rows from there move down.
    case insert(Value, at: Int)
    /// The row at `position` went (it showed `value`); the rows after it move up.
    case remove(Value, at: Int)
    /// The row at `position` shows `value` now, in place of `previous`.
    case update(Value, previous: Value, at: Int)
    /// The row at `from` moved to `to` (a position after its removal), showing `value` now.
    case move(Value, from: Int, to: Int)
    /// Every row may have changed: the view shows `rows` from scratch (a first load, a resort or
    /// refilter that moved more than moves would say cheaply).
    case reset(CountedTree<Value>)
}

/// The changes one edit made to an ordered view, and how many rows it has after them.
public struct IndexedChangeSet<Value: Sendable>: Sendable {
    public var changes: [IndexedChange<Value>]
    /// The number of rows after the changes.
    public var count: Int

    @inlinable public init(_ changes: [IndexedChange<Value>], count: Int) {
        self.changes = changes
        self.count = count
    }
}

extension CountedTree {
    /// Applies `change` to rows shown as this tree.
    @inlinable public mutating func apply(_ change: IndexedChange<Element>) {
        switch change {
        case let .insert(value, position): insert(value, at: position)
        case let .remove(_, position): remove(at: position)
        case let .update(value, _, position): replace(at: position, with: value)
        case let .move(value, from, to):
            remove(at: from)
            insert(value, at: to)
        case let .reset(rows): self = rows
        }
    }
}
