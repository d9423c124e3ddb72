import Synchronization

/// The items of a list at one moment: an immutable collection that views the first `count`
/// items of an append-only store. Appending makes a new list over the same store in
/// O(appended items), without copying the items before them, and earlier lists keep showing
/// what they showed (seed pitfall 4: collections are values). Appending to a list that is not
/// its store's newest copies it into a new store first.
public struct ItemList<Element: Sendable>: RandomAccessCollection, Sendable {
    /// The append-only items several lists share.
    final class Store: Sendable {
        let items: Mutex<[Element]>
        init(_ items: [Element]) { self.items = Mutex(items) }
    }

    let store: Store
    /// The number of items.
    public let count: Int

    /// An empty list.
    public init() { self.init([]) }

    /// A list of `elements`, in a store of its own.
    public init(_ elements: [Element]) {
        store = Store(elements)
        count = elements.count
    }

    private init(store: Store, count: Int) {
        self.store = store
        self.count = count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "ItemList index \(position) out of 0..<\(count)")
        return store.items.withLock { $0[position] }
    }

    /// This list followed by `elements`.
    public func appending(contentsOf elements: [Element]) -> ItemList {
        let appended = store.items.withLock { items -> Bool in
            guard items.count == count else { return false }
            items.append(contentsOf: elements)
            return true
        }
        if appended { return ItemList(store: store, count: count + elements.count) }
        return ItemList(Array(self) + elements)
    }

    /// The positions this list adds to `earlier`, when it is `earlier` with items appended
    /// (the same store, at least as long); nil when it replaced it.
    public func positionsAdded(since earlier: ItemList) -> Range<Int>? {
        store === earlier.store && count >= earlier.count ? earlier.count..<count : nil
    }

    /// Whether both view the same items of the same store (no change between them).
    func isSameList(as other: ItemList) -> Bool { store === other.store && count == other.count }
}

extension ItemList: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension ItemList: Equatable where Element: Equatable {
    public static func == (lhs: ItemList, rhs: ItemList) -> Bool { lhs.elementsEqual(rhs) }
}

/// How a list changed: the list after the change, and which of its positions are new.
public struct ListChange<Element: Sendable>: Sendable {
    /// The list after the change.
    public let items: ItemList<Element>
    /// The new positions: every position when the list was replaced, else the appended ones.
    public let added: Range<Int>
    /// Whether the list replaced the one before (a refresh) rather than growing it.
    public let isReplacement: Bool

    /// The change from `earlier` (nil: nothing shown yet) to `items`.
    public init(from earlier: ItemList<Element>?, to items: ItemList<Element>) {
        self.items = items
        if let earlier, let added = items.positionsAdded(since: earlier) {
            self.added = added
            isReplacement = false
        } else {
            added = 0..<items.count
            isReplacement = true
        }
    }
}
