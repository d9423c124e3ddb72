/// A sequence of yes/no flags in a B+ tree whose nodes count their flags and how many of them
/// are set: inserting, removing or setting a flag at a position, and counting the set flags
/// before a position, cost O(log n). The positional filter keeps which of its rows it shows in
/// one, beside the rows, so a row's place among the shown ones is one descent away.
@usableFromInline struct FlagTree {
    @inlinable static var leafCapacity: Int { 1_024 }
    @inlinable static var fanout: Int { 64 }

    @usableFromInline final class Node {
        /// A leaf's flags (empty for an inner node).
        @usableFromInline var flags: [Bool]
        /// An inner node's children (empty for a leaf).
        @usableFromInline var children: [Node]
        /// How many flags are under this node, and how many of them are set.
        @usableFromInline var count: Int
        @usableFromInline var setCount: Int

        @inlinable var isLeaf: Bool { children.isEmpty }

        @inlinable init(flags: [Bool]) {
            self.flags = flags
            children = []
            count = 0
            setCount = 0
            recount()
        }

        @inlinable init(children: [Node]) {
            flags = []
            self.children = children
            count = 0
            setCount = 0
            recount()
        }

        @inlinable func copy() -> Node { isLeaf ? Node(flags: flags) : Node(children: children) }

        @inlinable func recount() {
            if isLeaf {
                count = flags.count
                setCount = flags.reduce(0) { $0 + ($1 ? 1 : 0) }
            } else {
                count = children.reduce(0) { $0 + $1.count }
                setCount = children.reduce(0) { $0 + $1.setCount }
            }
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
        while !node.isLeaf {
            var index = 0
            while offset >= node.children[index].count {
                offset -= node.children[index].count
                index += 1
            }
            node = node.children[index]
        }
        return node.flags[offset]
    }

    /// How many set flags come before `position` (in `0...count`): a row's place among the
    /// shown ones.
    @inlinable func setCount(before position: Int) -> Int {
        var node = root
        var offset = position
        var before = 0
        while !node.isLeaf {
            var index = 0
            while index < node.children.count - 1 && offset >= node.children[index].count {
                offset -= node.children[index].count
                before += node.children[index].setCount
                index += 1
            }
            node = node.children[index]
        }
        for flag in node.flags[..<offset] where flag { before += 1 }
        return before
    }

    @inlinable mutating func uniqueRoot() -> Node {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        return root
    }

    /// The child of `node` holding `offset` (an insertion at a child's end goes into that child),
    /// unshared, and the offset in it.
    @inlinable static func descend(_ node: Node, _ offset: Int, inserting: Bool) -> (Int, Int) {
        var offset = offset
        var index = 0
        while index < node.children.count - 1 && (inserting ? offset > node.children[index].count : offset >= node.children[index].count) {
            offset -= node.children[index].count
            index += 1
        }
        if !isKnownUniquelyReferenced(&node.children[index]) { node.children[index] = node.children[index].copy() }
        return (index, offset)
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
            let right = Node(flags: Array(node.flags[(node.flags.count / 2)...]))
            node.flags.removeSubrange((node.flags.count / 2)...)
            node.recount()
            return right
        }
        let (index, offset) = descend(node, position, inserting: true)
        guard let split = insert(flag, at: offset, into: node.children[index]) else { return nil }
        node.children.insert(split, at: index + 1)
        guard node.children.count > fanout else { return nil }
        let right = Node(children: Array(node.children[(node.children.count / 2)...]))
        node.children.removeSubrange((node.children.count / 2)...)
        node.recount()
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
            let (index, offset) = descend(node, position, inserting: false)
            removed = remove(at: offset, from: node.children[index])
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
            if size == 0 { node.children.remove(at: index) }
            return
        }
        let left = index > 0 ? index - 1 : index
        let right = left + 1
        if !isKnownUniquelyReferenced(&node.children[left]) { node.children[left] = node.children[left].copy() }
        if !isKnownUniquelyReferenced(&node.children[right]) { node.children[right] = node.children[right].copy() }
        let first = node.children[left], second = node.children[right]
        let merged = first.isLeaf
            ? TreeShape.join(&first.flags, &second.flags, capacity: leafCapacity)
            : TreeShape.join(&first.children, &second.children, capacity: fanout)
        first.recount()
        if merged { node.children.remove(at: right) } else { second.recount() }
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
            let (index, inner) = Self.descend(node, offset, inserting: false)
            offset = inner
            node = node.children[index]
            node.setCount += change
        }
        node.flags[offset] = flag
        return !flag
    }
}
