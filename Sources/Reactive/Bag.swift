/// Unordered storage of objects with O(1) insertion and O(1) removal by slot, for clean-up
/// actions (a lifetime's, a composite disposable's).
///
/// Holes left by removals are reused, so memory stays proportional to the peak number of elements.
/// Removal checks identity, so a stale slot number can never remove someone else's element. It is
/// deliberately not generic: removal then runs as plain, unspecialised code at full speed, which
/// matters because it is reached through `Disposable.dispose()`.
@usableFromInline
struct Bag {
    @usableFromInline var slots: ContiguousArray<AnyObject?> = []
    @usableFromInline var freeSlots: ContiguousArray<Int> = []
    @usableFromInline private(set) var count = 0

    @inlinable init() {}

    /// Stores `element` and returns the slot to remove it with.
    @inlinable
    mutating func insert(_ element: AnyObject) -> Int {
        count += 1
        if let slot = freeSlots.popLast() {
            slots[slot] = element
            return slot
        }
        slots.append(element)
        return slots.count - 1
    }

    /// Removes `element` if it still occupies `slot`; returns whether it did.
    @usableFromInline
    @discardableResult
    mutating func remove(_ element: AnyObject, at slot: Int) -> Bool {
        guard slot >= 0, slot < slots.count, slots[slot] === element else { return false }
        slots[slot] = nil
        count -= 1
        if count == 0 {
            // Keep a small buffer for the common add/remove churn; give back a large one.
            let keep = slots.capacity <= 16
            slots.removeAll(keepingCapacity: keep)
            freeSlots.removeAll(keepingCapacity: keep)
        } else {
            freeSlots.append(slot)
        }
        return true
    }

    /// Empties the bag and returns what it held.
    @inlinable
    mutating func removeAll() -> ContiguousArray<AnyObject?> {
        let all = slots
        slots = []
        freeSlots = []
        count = 0
        return all
    }
}
