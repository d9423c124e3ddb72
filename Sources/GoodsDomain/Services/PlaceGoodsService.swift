import Reactive

/// Loads the goods at one place (the place page), page by page.
public protocol PlaceGoodsService: Sendable {
    /// Page `number` (from 1) of `size` goods at `place`, newest first, with likes as the
    /// logged-in user sees them. Read off the GTK thread.
    func goods(atPlace place: String, page number: Int, size: Int) -> SignalProducer<GoodsPage, ServiceError>
}
