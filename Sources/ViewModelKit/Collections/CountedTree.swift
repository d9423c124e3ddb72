/// A sequence kept in a B+ tree whose nodes count their elements: reading, inserting,
/// replacing and removing at a position cost O(log n), and so does finding where an element
/// goes in a sorted one. It is what lets a sorted or windowed view of a million rows follow one
/// change without touching the other rows (an array would move half of them).
///
/// Elements sit in leaves of up to `leafCapacity`, contiguous, so a row costs its element and
/// a few bytes of tree. A value type with a reference inside: copies share nodes until one is
/// changed, which then copies the nodes on its path (copy-on-write).
public struct CountedTree<Element: Sendable> {
    /// The most elements a leaf holds, and the most children an inner node has.
    @inlinable static var leafCapacity: Int { 128 }
    @inlinable static var fanout: Int { 64 }

    @usableFromInline final class Node {
        /// A leaf's elements (empty for an inner node).
        @usableFromInline var elements: [Element]
        /// An inner node's children (empty for a leaf).
        @usableFromInline var children: [Node]
        /// How many elements are under this node.
        @usableFromInline var count: Int

        @inlinable var isLeaf: Bool { children.isEmpty }

        @inlinable init(elements: [Element]) {
            self.elements = elements
            children = []
            count = elements.count
        }

        @inlinable init(children: [Node]) {
            elements = []
            self.children = children
            count = children.reduce(0) { $0 + $1.count }
        }

        @inlinable func copy() -> Node {
            isLeaf ? Node(elements: elements) : Node(children: children)
        }
    }

    @usableFromInline var root: Node

    /// An empty sequence.
    @inlinable public init() { root = Node(elements: []) }

    /// The sequence of `elements`, in order, built in O(n).
    @inlinable public init<S: Sequence>(_ elements: S) where S.Element == Element {
        var leaves: [Node] = []
        var chunk: [Element] = []
        let fill = Self.leafCapacity * 3 / 4
        chunk.reserveCapacity(fill)
        for element in elements {
            chunk.append(element)
            if chunk.count == fill {
                leaves.append(Node(elements: chunk))
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if !chunk.isEmpty || leaves.isEmpty { leaves.append(Node(elements: chunk)) }
        var level = leaves
        let width = Self.fanout * 3 / 4
        while level.count > 1 {
            var next: [Node] = []
            next.reserveCapacity(level.count / width + 1)
            var index = 0
            while index < level.count {
                let end = Swift.min(index + width, level.count)
                next.append(Node(children: Array(level[index..<end])))
                index = end
            }
            level = next
        }
        root = level[0]
    }

    /// The number of elements.
    @inlinable public var count: Int { root.count }

    @inlinable public var isEmpty: Bool { root.count == 0 }

    /// The element at `position` (which must be in `0..<count`).
    @inlinable public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "CountedTree position \(position) out of 0..<\(count)")
        var node = root
        var offset = position
        while !node.isLeaf {
            var index = 0
            while offset >= node.children[index].count {
                offset -= node.children[index].count
                index += 1
            }
            node = node.children[index]
        }
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
        var index = 0
        // An insertion at a child's end goes into that child (not the next one's start).
        while index < node.children.count - 1 && offset > node.children[index].count {
            offset -= node.children[index].count
            index += 1
        }
        if !isKnownUniquelyReferenced(&node.children[index]) { node.children[index] = node.children[index].copy() }
        guard let split = insert(element, at: offset, into: node.children[index]) else { return nil }
        node.children.insert(split, at: index + 1)
        guard node.children.count > fanout else { return nil }
        let half = node.children.count / 2
        let right = Node(children: Array(node.children[half...]))
        node.children.removeSubrange(half...)
        node.count -= right.count
        return right
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
        var index = 0
        while offset >= node.children[index].count {
            offset -= node.children[index].count
            index += 1
        }
        if !isKnownUniquelyReferenced(&node.children[index]) { node.children[index] = node.children[index].copy() }
        let removed = remove(at: offset, from: node.children[index])
        rebalance(child: index, of: node)
        return removed
    }

    /// Merges child `index` of `node` with a neighbour once it holds less than a quarter of
    /// what it can, or takes some of the neighbour's: every node stays at least that full, so
    /// the tree stays shallow and small however it was edited.
    @inlinable static func rebalance(child index: Int, of node: Node) {
        let child = node.children[index]
        let size = child.isLeaf ? child.elements.count : child.children.count
        let capacity = child.isLeaf ? leafCapacity : fanout
        guard size < capacity / 4, node.children.count > 1 else {
            if size == 0 { node.children.remove(at: index) }
            return
        }
        let left = index > 0 ? index - 1 : index
        let right = left + 1
        if !isKnownUniquelyReferenced(&node.children[left]) { node.children[left] = node.children[left].copy() }
        if !isKnownUniquelyReferenced(&node.children[right]) { node.children[right] = node.children[right].copy() }
        let first = node.children[left], second = node.children[right]
        if first.isLeaf {
            if first.elements.count + second.elements.count <= leafCapacity {
                first.elements.append(contentsOf: second.elements)
                first.count = first.elements.count
                node.children.remove(at: right)
            } else {
                var all = first.elements
                all.append(contentsOf: second.elements)
                let half = all.count / 2
                first.elements = Array(all[..<half])
                second.elements = Array(all[half...])
                first.count = first.elements.count
                second.count = second.elements.count
            }
        } else {
            if first.children.count + second.children.count <= fanout {
                first.children.append(contentsOf: second.children)
                first.count += second.count
                node.children.remove(at: right)
            } else {
                var all = first.children
                all.append(contentsOf: second.children)
                let half = all.count / 2
                first.children = Array(all[..<half])
                second.children = Array(all[half...])
                first.count = first.children.reduce(0) { $0 + $1.count }
                second.count = second.children.reduce(0) { $0 + $1.count }
            }
        }
    }

    /// Replaces the element at `position` (in `0..<count`) with `element`.
    @inlinable public mutating func replace(at position: Int, with element: Element) {
        precondition(position >= 0 && position < count, "CountedTree position \(position) out of 0..<\(count)")
        var node = uniqueRoot()
        var offset = position
        while !node.isLeaf {
            var index = 0
            while offset >= node.children[index].count {
                offset -= node.children[index].count
                index += 1
            }
            if !isKnownUniquelyReferenced(&node.children[index]) { node.children[index] = node.children[index].copy() }
            node = node.children[index]
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
        var node = root
        var base = 0
        while !node.isLeaf {
            // The last child whose first element comes before `element` holds the boundary
            // (or the first child, when none does).
            var low = 1, high = node.children.count
            while low < high {
                let middle = (low + high) / 2
                if areInIncreasingOrder(Self.first(of: node.children[middle]), element) { low = middle + 1 } else { high = middle }
            }
            let index = low - 1
            for child in node.children[..<index] { base += child.count }
            node = node.children[index]
        }
        var low = 0, high = node.elements.count
        while low < high {
            let middle = (low + high) / 2
            if areInIncreasingOrder(node.elements[middle], element) { low = middle + 1 } else { high = middle }
        }
        return base + low
    }

    /// A non-empty node's first element.
    @inlinable static func first(of node: Node) -> Element {
        var current = node
        while !current.isLeaf { current = current.children[0] }
        return current.elements[0]
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
