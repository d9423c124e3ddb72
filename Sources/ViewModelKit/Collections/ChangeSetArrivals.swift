extension IndexedChangeSet {
    /// The values this change set brings into view, in order: each inserted, updated or moved
    /// one, and the first `resetLimit` of a reset (a view shows the top of a reset first). What
    /// a view prepares ahead (pictures to resolve) before the rows bind them.
    @inlinable public func arrivals(resetLimit: Int = 64) -> [Value] {
        var values: [Value] = []
        for change in changes {
            switch change {
            case let .insert(value, _), let .update(value, _, _), let .move(value, _, _):
                values.append(value)
            case let .reset(rows):
                values.append(contentsOf: rows.prefix(max(0, resetLimit)))
            case .remove:
                break
            }
        }
        return values
    }
}
