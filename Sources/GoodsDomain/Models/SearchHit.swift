/// One item a search found, with where the query occurs in its title (for highlighting; an item
/// found by its description, seller or place has none).
public struct SearchHit: Sendable, Equatable {
    /// The item, as the goods list shows it.
    public var goods: Goods
    /// The title's matched scalars (`SearchMatching.ranges(of:in:)`), in order, not overlapping.
    public var titleMatches: [Range<String.Index>]

    public init(goods: Goods, titleMatches: [Range<String.Index>]) {
        self.goods = goods
        self.titleMatches = titleMatches
    }

    /// The hit for `goods` found by `query`: its title's matches computed.
    public init(goods: Goods, query: String) {
        self.init(goods: goods, titleMatches: SearchMatching.ranges(of: query, in: goods.title))
    }

    /// `titleMatches` as UTF-8 byte offsets into the title: what Pango's attributes take.
    public var titleMatchByteRanges: [Range<Int>] {
        let title = goods.title
        return titleMatches.map { range in
            title.utf8.distance(from: title.startIndex, to: range.lowerBound)..<title.utf8.distance(from: title.startIndex, to: range.upperBound)
        }
    }
}
