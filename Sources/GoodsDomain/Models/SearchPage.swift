/// One page of search results: the goods in data-set order, as the goods list pages them.
///
/// The matches are not counted (a common word matches hundreds of thousands of a million goods,
/// and counting them costs more than the page): `lastPage` is the next page while more follow,
/// this one when none do — what a paged list needs to offer "more".
public struct SearchPage: Sendable, Equatable {
    /// The query as searched (`SearchMatching.normalized`).
    public var query: String
    public var hits: [SearchHit]
    /// This page's number, from 1.
    public var currentPage: Int
    /// `currentPage + 1` while more results follow, else `currentPage`.
    public var lastPage: Int
    public var perPage: Int

    public init(query: String, hits: [SearchHit], currentPage: Int, lastPage: Int, perPage: Int) {
        self.query = query
        self.hits = hits
        self.currentPage = currentPage
        self.lastPage = lastPage
        self.perPage = perPage
    }

    /// Whether another page of results follows.
    public var hasMore: Bool { currentPage < lastPage }

    /// The goods alone, as a page of the goods list (for views and view models that page goods).
    public var goodsPage: GoodsPage {
        GoodsPage(goods: hits.map(\.goods), currentPage: currentPage, lastPage: lastPage, perPage: perPage)
    }
}
