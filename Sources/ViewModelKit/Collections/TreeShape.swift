/// How the B+ trees (`CountedTree`, `FlagTree`) lay out and even out their nodes: shared so
/// both keep the same shape rules.
@usableFromInline enum TreeShape {
    /// `0..<count` cut into as few runs of at most `capacity` as can be, their lengths within one
    /// of each other (so no node is left nearly empty).
    @inlinable static func evenChunks(of count: Int, capacity: Int) -> [Range<Int>] {
        let chunks = (count + capacity - 1) / capacity
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(chunks)
        var start = 0
        for index in 0..<chunks {
            let end = count * (index + 1) / chunks
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }

    /// Puts `second` after `first`: all in `first` when they fit in `capacity` (true), else half
    /// in each.
    @inlinable static func join<Part>(_ first: inout [Part], _ second: inout [Part], capacity: Int) -> Bool {
        first.append(contentsOf: second)
        if first.count <= capacity {
            second = []
            return true
        }
        let half = first.count / 2
        second = Array(first[half...])
        first.removeSubrange(half...)
        return false
    }
}
