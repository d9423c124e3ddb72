/// What the goods list's footer shows, as one value so its text and its kind never disagree:
/// the text (MJRefresh's, as the demo's footer), and whether it is the 点击或上拉加载更多 button
/// (pressing it loads the next page) or a plain label.
public struct GoodsFooter: Sendable, Equatable {
    /// 点击或上拉加载更多, 正在加载更多的数据..., 已经到底了, or nothing.
    public var text: String
    /// Whether the footer is the button that loads the next page.
    public var loadsMore: Bool

    public init(text: String, loadsMore: Bool) {
        self.text = text
        self.loadsMore = loadsMore
    }
}
