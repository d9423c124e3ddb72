import Foundation
import Synchronization
import GoodsDomain
import Reactive
import Localization

/// Everything one row of the goods list shows, formatted (the seeds' sub-view-model), and the
/// row's like action. Rows are created as pages arrive, on any thread, so this is a plain
/// thread-safe class rather than a main-actor `ViewModel`.
///
/// A row exists for every loaded item, so it stays small (a few hundred bytes beyond its goods):
/// texts are formatted when read (a row reads them when bound), and the like state and action
/// are made on first use, which only a bound row or its detail page reaches.
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
    private let publishTimeFormat: PublishTime
    private let service: any LikeService
    private let report: @Sendable (Report) -> Void
    private let liking = Mutex<Liking?>(nil)

    public var nickname: String { goods.seller.nickname }
    /// The seller's avatar, or nil for the placeholder.
    public var avatar: String? { goods.seller.avatar }
    public var isVerified: Bool { goods.seller.isVerified }
    public var publishTime: String { publishTimeFormat.text(for: goods.publishedAt) }
    /// The pictures, in order.
    public var images: [String] { goods.images.map(\.location) }
    /// `￥75`, or nil when there is no price.
    public var price: String? { goods.price > 0 ? "￥\(goods.price)" : nil }
    /// `原价99`, or nil when there is none.
    public var originalPrice: String? { goods.originalPrice > 0 ? tr("原价{0}", goods.originalPrice) : nil }
    /// `包邮`, `运费 ¥10` or `运费待议` (the seeds' `freightExplain`).
    public var freightExplain: String { Self.freightExplain(goods.expressType, fee: goods.expressFee) }
    /// `数量 2`.
    public var count: String { tr("数量 {0}", goods.count) }
    public var title: String { goods.title }
    /// Shows the `全新` badge.
    public var isBrandNew: Bool { goods.isBrandNew }
    public var description: String { goods.description }
    public var place: String { goods.place }
    /// Number of messages about the item.
    public var messages: Int { goods.messages }
    /// `留言 3`, or empty when there are none.
    public var messagesText: String { goods.messages > 0 ? tr("留言 {0}", goods.messages) : "" }

    /// Number of likes, following likes and unlikes.
    public var likes: Property<Int> { likeState.likes }
    /// Whether the logged-in user likes it.
    public var isLiked: Property<Bool> { likeState.isLiked }
    /// The like button's text: `♥ 12` when liked, `♡ 12` when not.
    public var likeButtonText: Property<String> { likeState.buttonText }
    /// What the like button does next, for screen readers: `收藏` or `取消收藏`.
    public var likeButtonName: Property<String> { likeState.buttonName }
    /// Likes or unlikes; disabled while running. Reports `收藏商品成功` / `取消收藏商品`.
    public var like: Action<Void, Goods, ServiceError> { likeState.action }

    public init(
        goods: Goods, likes service: any LikeService, publishTime: PublishTime,
        report: @escaping @Sendable (Report) -> Void = { _ in }
    ) {
        id = goods.id
        self.goods = goods
        publishTimeFormat = publishTime
        self.service = service
        self.report = report
    }

    /// The like state and action, made on first use.
    private var likeState: Liking {
        liking.withLock { made in
            if let made { return made }
            let new = Liking(goods: goods, service: service, report: report)
            made = new
            return new
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

/// A row's like state and its like action.
private final class Liking: Sendable {
    let likes: Property<Int>
    let isLiked: Property<Bool>
    let buttonText: Property<String>
    let buttonName: Property<String>
    let action: Action<Void, Goods, ServiceError>

    init(goods: Goods, service: any LikeService, report: @escaping @Sendable (GoodsItemViewModel.Report) -> Void) {
        let state = MutableProperty((likes: goods.likes, isLiked: goods.isLiked))
        likes = state.map { $0.likes }
        isLiked = state.map { $0.isLiked }
        buttonText = state.map { "\($0.isLiked ? "♥" : "♡") \($0.likes)" }
        buttonName = state.map { $0.isLiked ? tr("取消收藏") : tr("收藏") }
        let goodsID = goods.id
        action = Action { _ in
            let liking = !state.value.isLiked
            return service.setLiked(liking, goodsID: goodsID).on(
                value: { updated in
                    state.value = (updated.likes, updated.isLiked)
                    report(.notice(liking ? tr("收藏商品成功") : tr("取消收藏商品")))
                },
                failed: { report(.error($0.message)) })
        }
    }
}
