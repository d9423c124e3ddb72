import GoodsDomain
import GoodsViewModels
import Reactive
import ViewModelKit

/// One item's detail page (`商品详情` in the seeds): every picture, the full description, the
/// seller, price, freight and place, and the row's own like action, so liking here is liking in
/// the list (same state, same messages). The plugin's own view model: it moved here from
/// GoodsViewModels, and its texts come from the plugin's catalogue where they are its own.
@MainActor
final class GoodsDetailViewModel: ViewModel, GoodsRowNavigating {
    /// The page's title.
    static var screenTitle: String { tr("商品详情") }

    /// The row the page was opened from: everything it shows, preformatted.
    let item: GoodsItemViewModel
    /// `全新` for a brand-new item, else empty.
    let conditionText: String
    /// `已认证` for a verified seller, else empty.
    let verifiedText: String
    /// The item's like state, kept while the page lives, so the page and the row it came from
    /// share one (the row's `likeButtonText`, `like`… read from it).
    let likeState: LikeState

    init(item: GoodsItemViewModel) {
        self.item = item
        conditionText = item.isBrandNew ? tr("全新") : ""
        verifiedText = item.isVerified ? tr("已认证") : ""
        likeState = item.likeState()
        super.init(title: Self.screenTitle)
    }

    // MARK: What the page shows, each text empty when there is nothing to show

    var nickname: String { item.nickname }
    /// The seller's avatar (a location in the data), or nil for the placeholder.
    var avatar: String? { item.avatar }
    var publishTime: String { item.publishTime }
    var titleText: String { item.title }
    /// `￥75`, or empty when there is no price.
    var priceText: String { item.price ?? "" }
    /// `原价99`, or empty when there is none.
    var originalPriceText: String { item.originalPrice ?? "" }
    /// `包邮`, `运费 ¥10` or `运费待议`.
    var freightText: String { item.freightExplain }
    /// `数量 2`.
    var countText: String { item.count }
    var place: String { item.place }
    var descriptionText: String { item.description }
    /// `留言 3`, or empty when there are none (the row's own text).
    var messagesText: String { item.messagesText }
    /// `留言 3`, even `留言 0`, following comments added on the comments page (the row's count):
    /// the reply button's text and name.
    var replyText: Property<String> { item.messagesAccessibleName }
    /// The pictures' locations, in order, each shown large.
    var images: [String] { item.images }

    // MARK: The like button

    /// `♥ 12` when liked, `♡ 12` when not: the row's text.
    var likeButtonText: Property<String> { likeState.buttonText }
    /// `收藏` or `取消收藏`: what pressing the button does, for screen readers.
    var likeButtonName: Property<String> { likeState.buttonName }
    /// The like toggle's accessible name, the row's: `收藏，5 人收藏` or `已收藏，6 人收藏`.
    var likeAccessibleName: Property<String> { likeState.accessibleName }
    /// Whether the like toggle shows pressed in (the item is liked), as the row's.
    var likePressed: SignalProducer<Bool, Never> { likeState.isPressed }
    /// Likes or unlikes, the row's own action (disabled while it runs). The like outlives the
    /// page: leaving mid-request still saves it.
    var like: Action<Void, Goods, ServiceError> { likeState.action }

    // MARK: The row's pages, from here too

    /// Opens the seller's goods (the page titled with their nickname).
    func openSeller() { openSeller(of: item) }
    /// Opens the goods at the item's place.
    func openPlace() { openPlace(of: item) }
    /// Opens the item's comments, 商品N的评论列表, sharing the row's count.
    func openComments() { openComments(of: item) }

    /// Likes or unlikes the item (what pressing the like button runs).
    func toggleLike() {
        like.apply().start()
    }
}
