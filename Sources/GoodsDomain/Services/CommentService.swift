import Reactive

/// Reads and adds the comments (留言) on an item.
public protocol CommentService: Sendable {
    /// Page `number` (from 1) of `size` comments on the item `goodsID`, newest first.
    func comments(of goodsID: Int, page number: Int, size: Int) -> SignalProducer<CommentPage, ServiceError>
    /// Adds `text` as the logged-in user's comment on the item `goodsID`; sends the stored
    /// comment and the item's message count after it. Fails for blank or too long text, and
    /// when nobody is logged in.
    func addComment(_ text: String, to goodsID: Int) -> SignalProducer<AddedComment, ServiceError>
}
