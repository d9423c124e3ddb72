import Foundation

/// The three dates a listing of the demo format carries. The demo shows `editAt` (the last edit
/// of the listing); `createdAt` is when it was first listed (never after `editAt` in the demo's
/// data) and `updatedAt` when the server last touched the record. `Goods.publishedAt` is the
/// `editAt`; the data-set generator gives the other two so its files read like the demo's.
public struct ListingDates: Sendable, Equatable {
    public var createdAt: Date
    public var editAt: Date
    public var updatedAt: Date

    public init(createdAt: Date, editAt: Date, updatedAt: Date) {
        self.createdAt = createdAt
        self.editAt = editAt
        self.updatedAt = updatedAt
    }

    /// All three at `date`: a listing never edited since it was made.
    public init(all date: Date) {
        self.init(createdAt: date, editAt: date, updatedAt: date)
    }
}
