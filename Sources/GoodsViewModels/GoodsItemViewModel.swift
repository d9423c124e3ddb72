import Foundation
import GoodsDomain
import Reactive
import Localization

/// Everything one row of the goods list shows, preformatted (the seeds' sub-view-model), and the
/// row's like action. Rows are created as pages arrive, on any thread, so this is a plain
/// thread-safe class rather than a main-actor `ViewModel`.
public final class GoodsItemViewModel: Sendable, Identifiable {
    /// What a row reports to its list: a notice or an error for the user.
    public enum Report: Sendable, Equatable {
        case notice(String)
        case error(String)
    }

    /// The item's id.
    public let id: Int
    /// The item as it was loaded.
    public let goods: Goods
    public let nickname: String
    /// The seller's avatar, or nil for the placeholder.
    public let avatar: String?
    public let isVerified: Bool
    public let publishTime: String
    /// The pictures, in order.
    public let images: [String]
    /// `￥75`, or nil when there is no price.
    public let price: String?
    /// `原价99`, or nil when there is none.
    public let originalPrice: String?
    /// `包邮`, `运费 ¥10` or `运费待议` (the seeds' `freightExplain`).
    public let freightExplain: String
    /// `数量 2`.
    public let count: String
    public let title: String
    /// Shows the `全新` badge.
    public let isBrandNew: Bool
    public let description: String
    public let place: String
    /// Number of messages about the item.
    public let messages: Int
    /// `留言 3`, or empty when there are none.
    public let messagesText: String
    /// Number of likes, following likes and unlikes.
    public let likes: Property<Int>
    /// Whether the logged-in user likes it.
    public let isLiked: Property<Bool>
    /// The like button's text: `♥ 12` when liked, `♡ 12` when not.
    public let likeButtonText: Property<String>
    /// What the like button does next, for screen readers: `收藏` or `取消收藏`.
    public let likeButtonName: Property<String>
    /// Likes or unlikes; disabled while running. Reports `收藏商品成功` / `取消收藏商品`.
    public let like: Action<Void, Goods, ServiceError>

    public init(
        goods: Goods, likes service: any LikeService, publishTime: PublishTime,
        report: @escaping @Sendable (Report) -> Void = { _ in }
    ) {
        id = goods.id
        self.goods = goods
        nickname = goods.seller.nickname
        avatar = goods.seller.avatar
        isVerified = goods.seller.isVerified
        self.publishTime = publishTime.text(for: goods.publishedAt)
        images = goods.images.map(\.location)
        price = goods.price > 0 ? "￥\(goods.price)" : nil
        originalPrice = goods.originalPrice > 0 ? tr("原价{0}", goods.originalPrice) : nil
        freightExplain = Self.freightExplain(goods.expressType, fee: goods.expressFee)
        count = tr("数量 {0}", goods.count)
        title = goods.title
        isBrandNew = goods.isBrandNew
        description = goods.description
        place = goods.place
        messages = goods.messages
        messagesText = goods.messages > 0 ? tr("留言 {0}", goods.messages) : ""

        let state = MutableProperty((likes: goods.likes, isLiked: goods.isLiked))
        likes = state.map { $0.likes }
        isLiked = state.map { $0.isLiked }
        likeButtonText = state.map { "\($0.isLiked ? "♥" : "♡") \($0.likes)" }
        likeButtonName = state.map { $0.isLiked ? tr("取消收藏") : tr("收藏") }
        let goodsID = goods.id
        like = Action { _ in
            let liking = !state.value.isLiked
            return service.setLiked(liking, goodsID: goodsID).on(
                value: { updated in
                    state.value = (updated.likes, updated.isLiked)
                    report(.notice(liking ? tr("收藏商品成功") : tr("取消收藏商品")))
                },
                failed: { report(.error($0.message)) })
        }
    }

    /// The seeds' freight text.
    static func freightExplain(_ type: ExpressType, fee: Int) -> String {
        switch type {
        case .free: return tr("包邮")
        case .fee: return tr("运费 ¥{0}", fee)
        case .negotiable: return tr("运费待议")
        }
    }
}
