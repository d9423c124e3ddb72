extension CountedTree: RandomAccessCollection {
    /// Positions from 0: reading one costs O(log n), so a view can read its rows where they are.
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }
}
