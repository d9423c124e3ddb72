/// A sequence kept in a B+ tree whose nodes count their elements: reading, inserting,
/// replacing and removing at a position cost O(log n), and so does finding where an element
/// goes in a sorted one. It is what lets a sorted or windowed view of a million rows follow one
/// change without touching the other rows (an array would move half of them).
///
/// Elements sit in leaves of up to `leafCapacity`, contiguous, so a row costs its element and
/// a few bytes of tree. An inner node keeps its children's counts and first elements beside
/// them, so a descent reads one node per level (not each child it passes). A value type with a
/// reference inside: copies share nodes until one is changed, which then copies the nodes on
/// its path (copy-on-write).
public struct CountedTree<Element: Sendable> {
    /// The most elements a leaf holds, and the most children an inner node has.
    @inlinable static var leafCapacity: Int { 128 }
    @inlinable static var fanout: Int { 64 }

    // Fields are `@exclusivity(unchecked)`: a node is changed only through the tree that holds it
    // uniquely, by code that never overlaps two accesses to one field; the run-time check cost
    // a tenth of an edit.
    @usableFromInline final class Node {
        /// A leaf's elements (empty for an inner node).
        @usableFromInline @exclusivity(unchecked) var elements: [Element]
        /// An inner node's children (empty for a leaf), and for each its count and its first
        /// element (that of a child that became empty is stale until the child goes).
        @usableFromInline @exclusivity(unchecked) var children: [Node]
        @usableFromInline @exclusivity(unchecked) var counts: [Int]
        @usableFromInline @exclusivity(unchecked) var firsts: [Element]
        /// How many elements are under this node.
        @usableFromInline @exclusivity(unchecked) var count: Int

        @inlinable var isLeaf: Bool { children.isEmpty }

        @inlinable init(elements: [Element]) {
            self.elements = elements
            children = []
            counts = []
            firsts = []
            count = elements.count
        }

        @inlinable init(children: [Node]) {
            elements = []
            self.children = children
            counts = []
            firsts = []
            count = 0
            summarize()
        }

        @inlinable init(copying node: Node) {
            elements = node.elements
            children = node.children
            counts = node.counts
            firsts = node.firsts
            count = node.count
        }

        @inlinable func copy() -> Node { Node(copying: self) }

        /// A non-empty node's first element.
        @inlinable var first: Element { isLeaf ? elements[0] : firsts[0] }

        /// Takes the counts and first elements of the children again, and the count from them.
        @inlinable func summarize() {
            if isLeaf {
                count = elements.count
                return
            }
            counts = children.map(\.count)
            firsts = children.compactMap { $0.count > 0 ? $0.first : nil }
            if firsts.count != children.count { firsts = [] }
            count = counts.reduce(0, +)
        }

        /// After child `index` changed: its count and first element.
        @inlinable func update(child index: Int) {
            let child = children[index]
            counts[index] = child.count
            if child.count > 0 && index < firsts.count { firsts[index] = child.first }
        }

        /// The child holding `offset`, which becomes the offset in it. An insertion at a
        /// child's end (`inserting`) goes into that child, not the next one's start.
        @inlinable func child(holding offset: inout Int, inserting: Bool = false) -> Int {
            // One read of the counts (each read of a class's property is an exclusivity check).
            let counts = self.counts
            var index = 0
            let last = counts.count - 1
            if inserting {
                while index < last && offset > counts[index] {
                    offset -= counts[index]
                    index += 1
                }
            } else {
                while index < last && offset >= counts[index] {
                    offset -= counts[index]
                    index += 1
                }
            }
            return index
        }

        /// Makes child `index` unshared before a change.
        @inlinable func uniqueChild(_ index: Int) -> Node {
            if !isKnownUniquelyReferenced(&children[index]) { children[index] = children[index].copy() }
            return children[index]
        }

        /// Inserts `node` as child `index`.
        @inlinable func insertChild(_ node: Node, at index: Int) {
            children.insert(node, at: index)
            counts.insert(node.count, at: index)
            firsts.insert(node.first, at: index)
        }

        /// Removes child `index`.
        @inlinable func removeChild(at index: Int) {
            children.remove(at: index)
            counts.remove(at: index)
            if index < firsts.count { firsts.remove(at: index) }
        }

        /// Moves this inner node's children from `half` on into a new node, its right sibling.
        @inlinable func splitChildren(at half: Int) -> Node {
            let right = Node(children: Array(children[half...]))
            children.removeSubrange(half...)
            counts.removeSubrange(half...)
            firsts.removeSubrange(half...)
            count -= right.count
            return right
        }
    }

    @usableFromInline var root: Node

    /// An empty sequence.
    @inlinable public init() { root = Node(elements: []) }

    /// The sequence of `elements`, in order, built bottom-up in O(n), its leaves and nodes as full
    /// as they can be (a view built at once takes the least memory; the first insertion into a
    /// leaf splits it in two halves).
    @inlinable public init<S: Sequence>(_ elements: S) where S.Element == Element {
        let leaves = elements.withContiguousStorageIfAvailable { Self.leaves(of: $0) }
            ?? Array(elements).withUnsafeBufferPointer { Self.leaves(of: $0) }
        root = Self.stack(leaves)
    }

    /// The sequence of `count` elements, the one at each position given by `element`, built
    /// bottom-up in O(n) as `init(_:)` builds it (without an array of them first).
    @inlinable init(count: Int, element: (Int) -> Element) {
        guard count > 0 else {
            root = Node(elements: [])
            return
        }
        root = Self.stack(TreeShape.evenChunks(of: count, capacity: Self.leafCapacity).map { range in
            Node(elements: range.map(element))
        })
    }

    /// Leaves holding `elements` in order, as evenly full as `leafCapacity` allows.
    @inlinable static func leaves(of elements: UnsafeBufferPointer<Element>) -> [Node] {
        guard !elements.isEmpty else { return [Node(elements: [])] }
        return TreeShape.evenChunks(of: elements.count, capacity: leafCapacity).map { Node(elements: Array(elements[$0])) }
    }

    /// Inner levels over `level` until one node holds them all.
    @inlinable static func stack(_ leaves: [Node]) -> Node {
        var level = leaves
        while level.count > 1 {
            let below = level
            level = TreeShape.evenChunks(of: below.count, capacity: fanout).map { Node(children: Array(below[$0])) }
        }
        return level[0]
    }

    /// The number of elements.
    @inlinable public var count: Int { root.count }

    @inlinable public var isEmpty: Bool { root.count == 0 }

    /// The element at `position` (which must be in `0..<count`).
    @inlinable public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "CountedTree position \(position) out of 0..<\(count)")
        var node = root
        var offset = position
        while !node.isLeaf { node = node.children[node.child(holding: &offset)] }
        return node.elements[offset]
    }

    /// The element at `position`, or nil outside `0..<count`.
    @inlinable public func element(at position: Int) -> Element? {
        position >= 0 && position < count ? self[position] : nil
    }

    // MARK: Changing

    /// Makes the root unshared before a change.
    @inlinable mutating func uniqueRoot() -> Node {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        return root
    }

    /// Inserts `element` at `position` (in `0...count`).
    @inlinable public mutating func insert(_ element: Element, at position: Int) {
        precondition(position >= 0 && position <= count, "CountedTree insertion at \(position) out of 0...\(count)")
        let node = uniqueRoot()
        if let sibling = Self.insert(element, at: position, into: node) {
            root = Node(children: [node, sibling])
        }
    }

    /// Inserts into `node` (unshared); returns the new right sibling when `node` split.
    @inlinable static func insert(_ element: Element, at position: Int, into node: Node) -> Node? {
        node.count += 1
        if node.isLeaf {
            node.elements.insert(element, at: position)
            guard node.elements.count > leafCapacity else { return nil }
            let half = node.elements.count / 2
            let right = Node(elements: Array(node.elements[half...]))
            node.elements.removeSubrange(half...)
            node.count = node.elements.count
            return right
        }
        var offset = position
        let index = node.child(holding: &offset, inserting: true)
        let child = node.uniqueChild(index)
        let split = insert(element, at: offset, into: child)
        node.counts[index] = child.count
        if offset == 0 { node.firsts[index] = element }
        guard let split else { return nil }
        node.insertChild(split, at: index + 1)
        guard node.children.count > fanout else { return nil }
        return node.splitChildren(at: node.children.count / 2)
    }

    /// Removes and returns the element at `position` (in `0..<count`).
    @discardableResult
    @inlinable public mutating func remove(at position: Int) -> Element {
        precondition(position >= 0 && position < count, "CountedTree removal at \(position) out of 0..<\(count)")
        let node = uniqueRoot()
        let removed = Self.remove(at: position, from: node)
        // A root with one child hands the tree to it.
        while !root.isLeaf && root.children.count == 1 { root = root.children[0] }
        return removed
    }

    /// Removes from `node` (unshared), rebalancing a child that became too small.
    @inlinable static func remove(at position: Int, from node: Node) -> Element {
        node.count -= 1
        if node.isLeaf { return node.elements.remove(at: position) }
        var offset = position
        let index = node.child(holding: &offset)
        let child = node.uniqueChild(index)
        let removed = remove(at: offset, from: child)
        node.counts[index] = child.count
        if offset == 0 && child.count > 0 { node.firsts[index] = child.first }
        rebalance(child: index, of: node)
        return removed
    }

    /// Merges child `index` of `node` with a neighbour once it holds less than a quarter of
    /// what it can, or takes some of the neighbour's: every node stays at least that full, so
    /// the tree stays shallow and small however it was edited.
    @inlinable static func rebalance(child index: Int, of node: Node) {
        let child = node.children[index]
        let size = child.isLeaf ? child.elements.count : child.children.count
        guard size < (child.isLeaf ? leafCapacity : fanout) / 4, node.children.count > 1 else {
            if size == 0 { node.removeChild(at: index) }
            return
        }
        let left = index > 0 ? index - 1 : index
        let right = left + 1
        let first = node.uniqueChild(left), second = node.uniqueChild(right)
        let merged = first.isLeaf
            ? TreeShape.join(&first.elements, &second.elements, capacity: leafCapacity)
            : TreeShape.join(&first.children, &second.children, capacity: fanout)
        first.summarize()
        node.update(child: left)
        if merged {
            node.removeChild(at: right)
        } else {
            second.summarize()
            node.update(child: right)
        }
    }

    /// Replaces the element at `position` (in `0..<count`) with `element`.
    @inlinable public mutating func replace(at position: Int, with element: Element) {
        precondition(position >= 0 && position < count, "CountedTree position \(position) out of 0..<\(count)")
        var node = uniqueRoot()
        var offset = position
        while !node.isLeaf {
            let index = node.child(holding: &offset)
            if offset == 0 { node.firsts[index] = element }
            node = node.uniqueChild(index)
        }
        node.elements[offset] = element
    }

    /// Removes every element.
    @inlinable public mutating func removeAll() { root = Node(elements: []) }

    // MARK: Sorted sequences

    /// In a sequence sorted by `areInIncreasingOrder`, the first position whose element does
    /// not come before `element`: where it is, or would be inserted. O(log n) comparisons of a
    /// node's first elements and a leaf's own.
    @inlinable public func insertionIndex(of element: Element, by areInIncreasingOrder: (Element, Element) -> Bool) -> Int {
        boundary(of: element, by: areInIncreasingOrder).index
    }

    /// `insertionIndex(of:by:)`, and the element at that position (nil at the end), found in
    /// the same descent when it is in the same leaf.
    @inlinable func boundary(of element: Element, by areInIncreasingOrder: (Element, Element) -> Bool) -> (index: Int, element: Element?) {
        var node = root
        var base = 0
        while !node.isLeaf {
            // The last child whose first element comes before `element` holds the boundary
            // (or the first child, when none does).
            let firsts = node.firsts
            var low = 1, high = firsts.count
            while low < high {
                let middle = (low + high) / 2
                if areInIncreasingOrder(firsts[middle], element) { low = middle + 1 } else { high = middle }
            }
            let index = low - 1
            for count in node.counts[..<index] { base += count }
            node = node.children[index]
        }
        let elements = node.elements
        var low = 0, high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if areInIncreasingOrder(elements[middle], element) { low = middle + 1 } else { high = middle }
        }
        if low < elements.count { return (base + low, elements[low]) }
        return (base + low, self.element(at: base + low))
    }

    /// Calls `body` with each leaf's elements, in order: a pass over every element at the cost of
    /// an array's.
    @inlinable func forEachLeaf(_ body: ([Element]) throws -> Void) rethrows {
        try Self.forEachLeaf(under: root, body)
    }

    @inlinable static func forEachLeaf(under node: Node, _ body: ([Element]) throws -> Void) rethrows {
        if node.isLeaf {
            if !node.elements.isEmpty { try body(node.elements) }
            return
        }
        for child in node.children { try forEachLeaf(under: child, body) }
    }

    /// The elements in order, as one array.
    @inlinable var elements: [Element] {
        var all: [Element] = []
        all.reserveCapacity(count)
        forEachLeaf { all.append(contentsOf: $0) }
        return all
    }
}

extension CountedTree: Sequence {
    /// The elements in order, leaf by leaf.
    public struct Iterator: IteratorProtocol {
        @usableFromInline var stack: [(node: Node, index: Int)]
        @usableFromInline var leaf: [Element] = []
        @usableFromInline var position = 0

        @inlinable init(root: Node) { stack = [(root, 0)] }

        @inlinable public mutating func next() -> Element? {
            while position >= leaf.count {
                guard var top = stack.popLast() else { return nil }
                if top.node.isLeaf {
                    leaf = top.node.elements
                    position = 0
                    continue
                }
                guard top.index < top.node.children.count else { continue }
                let child = top.node.children[top.index]
                top.index += 1
                stack.append(top)
                stack.append((child, 0))
            }
            defer { position += 1 }
            return leaf[position]
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(root: root) }

    @inlinable public var underestimatedCount: Int { count }
}

// Safe to send: the nodes are only changed through a uniquely held path (copy-on-write), so a
// copy sent to another thread never sees the sender's later changes.
extension CountedTree: @unchecked Sendable {}
