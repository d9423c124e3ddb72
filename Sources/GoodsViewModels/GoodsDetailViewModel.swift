import GoodsDomain
import Reactive
import ViewModelKit
import Localization

/// One item's detail page (`商品详情` in the seeds): every picture, the full description, the
/// seller, price, freight and place, and the row's own like action, so liking here is liking in
/// the list (same state, same messages).
///
/// Kept only so that code written against GoodsViewModels still compiles: the detail page's view
/// model is the goods-detail plugin's own now (plugins/goods-detail/GoodsDetailViewModel.swift),
/// and nothing in the app makes this one.
@available(*, deprecated, message: "the detail page's view model lives in the goods-detail plugin")
@MainActor
public final class GoodsDetailViewModel: ViewModel {
    /// The page's title.
    public static var screenTitle: String { tr("商品详情") }

    /// The row the page was opened from: everything it shows, preformatted.
    public let item: GoodsItemViewModel
    /// `全新` for a brand-new item, else empty.
    public let conditionText: String
    /// `留言 3`, or empty when there are none (the row's own text).
    public var messagesText: String { item.messagesText }
    /// `已认证` for a verified seller, else empty.
    public let verifiedText: String
    /// The item's like state, kept while the page lives, so the page and the row it came from
    /// share one (the row's `likeButtonText`, `like`… read from it).
    public let likeState: LikeState

    public init(item: GoodsItemViewModel) {
        self.item = item
        conditionText = item.isBrandNew ? tr("全新") : ""
        verifiedText = item.isVerified ? tr("已认证") : ""
        likeState = item.likeState()
        super.init(title: Self.screenTitle)
    }

    /// Likes or unlikes the item. The like outlives the page: leaving mid-request still saves it.
    public func toggleLike() {
        likeState.action.apply().start()
    }
}
