/// A sequence of yes/no flags in a B+ tree whose nodes count their flags and how many of them
/// are set: inserting, removing or setting a flag at a position, and counting the set flags
/// before a position, cost O(log n). The positional filter keeps which of its rows it shows in
/// one, beside the rows, so a row's place among the shown ones is one descent away.
@usableFromInline struct FlagTree {
    @inlinable static var leafCapacity: Int { 512 }
    @inlinable static var fanout: Int { 64 }

    // Fields are `@exclusivity(unchecked)`: a node is changed only through the tree that holds it
    // uniquely, by code that never overlaps two accesses to one field; the run-time check cost
    // a tenth of an edit.
    @usableFromInline final class Node {
        /// A leaf's flags (empty for an inner node).
        @usableFromInline @exclusivity(unchecked) var flags: [Bool]
        /// An inner node's children (empty for a leaf), and for each how many flags it holds and
        /// how many of them are set (so a descent reads one node per level).
        @usableFromInline @exclusivity(unchecked) var children: [Node]
        @usableFromInline @exclusivity(unchecked) var counts: [Int]
        @usableFromInline @exclusivity(unchecked) var setCounts: [Int]
        /// How many flags are under this node, and how many of them are set.
        @usableFromInline @exclusivity(unchecked) var count: Int
        @usableFromInline @exclusivity(unchecked) var setCount: Int

        @inlinable var isLeaf: Bool { children.isEmpty }

        @inlinable init(flags: [Bool]) {
            self.flags = flags
            children = []
            counts = []
            setCounts = []
            count = 0
            setCount = 0
            summarize()
        }

        @inlinable init(children: [Node]) {
            flags = []
            self.children = children
            counts = []
            setCounts = []
            count = 0
            setCount = 0
            summarize()
        }

        @inlinable init(copying node: Node) {
            flags = node.flags
            children = node.children
            counts = node.counts
            setCounts = node.setCounts
            count = node.count
            setCount = node.setCount
        }

        /// Counts again, from the flags or the children.
        @inlinable func summarize() {
            if isLeaf {
                count = flags.count
                setCount = FlagTree.setCount(in: flags[...])
            } else {
                counts = children.map(\.count)
                setCounts = children.map(\.setCount)
                count = counts.reduce(0, +)
                setCount = setCounts.reduce(0, +)
            }
        }

        /// After child `index` changed: its counts.
        @inlinable func update(child index: Int) {
            counts[index] = children[index].count
            setCounts[index] = children[index].setCount
        }

        /// The child holding `offset`, which becomes the offset in it (an insertion at a child's
        /// end goes into that child), and how many set flags the children before it hold.
        @inlinable func child(holding offset: inout Int, inserting: Bool = false) -> (index: Int, setBefore: Int) {
            // One read of each count array (each read of a class's property is an exclusivity check).
            let counts = self.counts, setCounts = self.setCounts
            var index = 0
            var setBefore = 0
            let last = counts.count - 1
            while index < last && (inserting ? offset > counts[index] : offset >= counts[index]) {
                offset -= counts[index]
                setBefore += setCounts[index]
                index += 1
            }
            return (index, setBefore)
        }

        /// Makes child `index` unshared before a change.
        @inlinable func uniqueChild(_ index: Int) -> Node {
            if !isKnownUniquelyReferenced(&children[index]) { children[index] = Node(copying: children[index]) }
            return children[index]
        }
    }

    @usableFromInline var root: Node

    /// `flags`, in order, built bottom-up in O(n).
    @inlinable init(_ flags: [Bool] = []) {
        var level = TreeShape.evenChunks(of: flags.count, capacity: Self.leafCapacity).map { Node(flags: Array(flags[$0])) }
        if level.isEmpty { level = [Node(flags: [])] }
        while level.count > 1 {
            let below = level
            level = TreeShape.evenChunks(of: below.count, capacity: Self.fanout).map { Node(children: Array(below[$0])) }
        }
        root = level[0]
    }

    @inlinable var count: Int { root.count }
    @inlinable var setCount: Int { root.setCount }

    /// How many of `flags` are set (a sum of bytes, which the compiler vectorises).
    @inlinable static func setCount(in flags: ArraySlice<Bool>) -> Int {
        flags.withUnsafeBytes { bytes in bytes.reduce(0) { $0 &+ Int($1) } }
    }

    /// Every flag, in order.
    @inlinable var all: [Bool] {
        var flags: [Bool] = []
        flags.reserveCapacity(count)
        Self.append(under: root, to: &flags)
        return flags
    }

    @inlinable static func append(under node: Node, to flags: inout [Bool]) {
        if node.isLeaf {
            flags.append(contentsOf: node.flags)
        } else {
            for child in node.children { append(under: child, to: &flags) }
        }
    }

    /// The flag at `position` (in `0..<count`).
    @inlinable subscript(position: Int) -> Bool {
        var node = root
        var offset = position
        while !node.isLeaf { node = node.children[node.child(holding: &offset).index] }
        return node.flags[offset]
    }

    /// How many set flags come before `position` (in `0...count`): a row's place among the
    /// shown ones.
    @inlinable func setCount(before position: Int) -> Int {
        var node = root
        var offset = position
        var before = 0
        while !node.isLeaf {
            let (index, setBefore) = node.child(holding: &offset, inserting: true)
            before += setBefore
            node = node.children[index]
        }
        return before + Self.setCount(in: node.flags[..<offset])
    }

    @inlinable mutating func uniqueRoot() -> Node {
        if !isKnownUniquelyReferenced(&root) { root = Node(copying: root) }
        return root
    }

    /// Inserts `flag` at `position` (in `0...count`).
    @inlinable mutating func insert(_ flag: Bool, at position: Int) {
        let node = uniqueRoot()
        if let sibling = Self.insert(flag, at: position, into: node) { root = Node(children: [node, sibling]) }
    }

    @inlinable static func insert(_ flag: Bool, at position: Int, into node: Node) -> Node? {
        node.count += 1
        if flag { node.setCount += 1 }
        if node.isLeaf {
            node.flags.insert(flag, at: position)
            guard node.flags.count > leafCapacity else { return nil }
            let half = node.flags.count / 2
            let right = Node(flags: Array(node.flags[half...]))
            node.flags.removeSubrange(half...)
            node.summarize()
            return right
        }
        var offset = position
        let index = node.child(holding: &offset, inserting: true).index
        let split = insert(flag, at: offset, into: node.uniqueChild(index))
        node.update(child: index)
        guard let split else { return nil }
        node.children.insert(split, at: index + 1)
        node.counts.insert(split.count, at: index + 1)
        node.setCounts.insert(split.setCount, at: index + 1)
        guard node.children.count > fanout else { return nil }
        let half = node.children.count / 2
        let right = Node(children: Array(node.children[half...]))
        node.children.removeSubrange(half...)
        node.summarize()
        return right
    }

    /// Removes and returns the flag at `position` (in `0..<count`).
    @discardableResult
    @inlinable mutating func remove(at position: Int) -> Bool {
        let node = uniqueRoot()
        let removed = Self.remove(at: position, from: node)
        while !root.isLeaf && root.children.count == 1 { root = root.children[0] }
        return removed
    }

    @inlinable static func remove(at position: Int, from node: Node) -> Bool {
        node.count -= 1
        let removed: Bool
        if node.isLeaf {
            removed = node.flags.remove(at: position)
        } else {
            var offset = position
            let index = node.child(holding: &offset).index
            removed = remove(at: offset, from: node.uniqueChild(index))
            node.update(child: index)
            rebalance(child: index, of: node)
        }
        if removed { node.setCount -= 1 }
        return removed
    }

    /// Merges a child that fell under a quarter full with a neighbour, or shares theirs evenly.
    @inlinable static func rebalance(child index: Int, of node: Node) {
        let child = node.children[index]
        let size = child.isLeaf ? child.flags.count : child.children.count
        guard size < (child.isLeaf ? leafCapacity : fanout) / 4, node.children.count > 1 else {
            if size == 0 {
                node.children.remove(at: index)
                node.counts.remove(at: index)
                node.setCounts.remove(at: index)
            }
            return
        }
        let left = index > 0 ? index - 1 : index
        let right = left + 1
        let first = node.uniqueChild(left), second = node.uniqueChild(right)
        let merged = first.isLeaf
            ? TreeShape.join(&first.flags, &second.flags, capacity: leafCapacity)
            : TreeShape.join(&first.children, &second.children, capacity: fanout)
        first.summarize()
        node.update(child: left)
        if merged {
            node.children.remove(at: right)
            node.counts.remove(at: right)
            node.setCounts.remove(at: right)
        } else {
            second.summarize()
            node.update(child: right)
        }
    }

    /// Sets the flag at `position` (in `0..<count`) to `flag`; returns what it was.
    @discardableResult
    @inlinable mutating func set(_ flag: Bool, at position: Int) -> Bool {
        guard self[position] != flag else { return flag }
        let change = flag ? 1 : -1
        var node = uniqueRoot()
        var offset = position
        node.setCount += change
        while !node.isLeaf {
            let index = node.child(holding: &offset).index
            node.setCounts[index] += change
            node = node.uniqueChild(index)
            node.setCount += change
        }
        node.flags[offset] = flag
        return !flag
    }
}
