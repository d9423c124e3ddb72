import Reactive

/// Loads the goods one seller lists (the seller page), page by page.
public protocol SellerGoodsService: Sendable {
    /// Page `number` (from 1) of `size` goods of seller `sellerID`, newest first, with likes as
    /// the logged-in user sees them. Read off the GTK thread.
    func goods(bySeller sellerID: Int, page number: Int, size: Int) -> SignalProducer<GoodsPage, ServiceError>
}
