/// What the goods list's area shows: the rows, or a status page in their place.
public enum GoodsListState: Sendable, Equatable {
    /// The first page is on its way (a spinner).
    case loading
    /// The data source has no goods (没有商品).
    case empty
    /// The first page failed to load, with the message why (重试 offered).
    case failed(String)
    /// The rows.
    case showing
}
