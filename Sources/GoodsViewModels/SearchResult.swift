import GoodsDomain

/// One row of the search results: the goods row's own view model (so its like and its detail
/// page work as in the list) and where the query occurs in its title, as UTF-8 byte ranges (what
/// Pango's attributes take; empty when the item matched elsewhere).
public struct SearchResult: Sendable, Identifiable {
    public let item: GoodsItemViewModel
    public let titleHighlights: [Range<Int>]

    public init(item: GoodsItemViewModel, titleHighlights: [Range<Int>]) {
        self.item = item
        self.titleHighlights = titleHighlights
    }

    public var id: Int { item.id }
}
