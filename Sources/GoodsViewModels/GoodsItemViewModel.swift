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
/// (~14 KB) live only while a bound row, the detail page or a running like keeps them.
public final class GoodsItemViewModel: Sendable, Identifiable {
    /// What a row reports to its list: a notice for the user, or a like that failed (the list
    /// words it through `ViewModel.show(_:)`).
    public enum Report: Sendable, Equatable {
        case notice(String)
        case error(ServiceError)
    }

    /// The item's id.
    public let id: Int
    /// The item as it was loaded.
    public let goods: Goods
    private let publishTimeFormat: PublishTime
    private let service: any LikeService
    private let report: @Sendable (Report) -> Void
    private let likeSlot = Mutex(LikeSlot())
    /// The live message count, made when first needed (most loaded rows never need it).
    private let messageSlot = Mutex<MutableProperty<Int>?>(nil)
    /// The session's changed goods, where this row's like and comments go and whence the
    /// item's rows on other screens take them.
    private let live: LiveGoods?

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
    /// The number of messages now: the loaded count, then each comment added here (on the
    /// comments page opened from this row), so the row, its detail page and its comments page
    /// show one count. Made on first use (a bound row), kept while the row lives.
    public var messageCount: Property<Int> { Property(capturing: messageCounter()) }
    /// The reply button's text: the count, even 0, as the demo's.
    public var messagesButtonText: Property<String> { messageCount.map { String($0) } }
    /// The reply button's accessible name: `留言 3`, `留言 0`.
    public var messagesAccessibleName: Property<String> { messageCount.map { tr("留言 {0}", $0) } }

    /// Counts a comment just added: `messages` is the item's count the service answered. The
    /// item's rows on other screens take it through the session's `LiveGoods`.
    public func commentAdded(messages: Int) {
        messageCounter().value = messages
        guard let live else { return }
        var now = live.goods(id: id) ?? currentGoods
        now.messages = messages
        live.changed(now)
    }

    /// The item as this row shows it now: as loaded, with its likes and messages as they are.
    private var currentGoods: Goods {
        var now = goods
        let likes = likeSlot.withLock { $0.core?.state.value ?? $0.latest }
        if let likes {
            now.likes = likes.likes
            now.isLiked = likes.isLiked
        }
        if let messages = messageSlot.withLock({ $0?.value }) { now.messages = messages }
        return now
    }

    /// Takes the state the item reached on another screen (or this one): its likes (the live
    /// state if made, else the value it is made from next) and its message count.
    func take(_ state: Goods) {
        guard state.id == id else { return }
        let value = Liking.Value(likes: state.likes, isLiked: state.isLiked)
        let liking = likeSlot.withLock { slot -> Liking? in
            if slot.core == nil { slot.latest = value }
            return slot.core
        }
        if let liking, liking.state.value != value { liking.state.value = value }
        let messages = messageCounter()
        if messages.value != state.messages { messages.value = state.messages }
    }
    /// What a screen reader reads after the row's name (its title): the price and the seller,
    /// `￥75，卖家 小明（已认证）`, or only the seller when there is no price.
    public var accessibleDescription: String {
        let seller = isVerified ? tr("{0}（已认证）", nickname) : nickname
        return price.map { tr("{0}，卖家 {1}", $0, seller) } ?? tr("卖家 {0}", seller)
    }

    /// Number of likes, following likes and unlikes.
    public var likes: Property<Int> { liking().likes }
    /// Whether the logged-in user likes it.
    public var isLiked: Property<Bool> { liking().isLiked }
    /// The like button's text: `♥ 12` when liked, `♡ 12` when not.
    public var likeButtonText: Property<String> { liking().buttonText }
    /// What the like button does next, for screen readers: `收藏` or `取消收藏`.
    public var likeButtonName: Property<String> { liking().buttonName }
    /// The like toggle's accessible name: its state and the count, `收藏，5 人收藏` when not
    /// liked, `已收藏，6 人收藏` when liked (the checks' contract: it starts with 收藏 or 已收藏).
    public var likeAccessibleName: Property<String> { liking().accessibleName }
    /// Likes or unlikes; disabled while running. Reports `收藏商品成功` / `取消收藏商品`.
    public var like: Action<Void, Goods, ServiceError> { liking().action }

    /// A row of `goods`, liking through `service`, reporting to its screen by `report`; its
    /// likes and comments go to `live` (nil: on its own), so the item's other rows follow.
    public init(
        goods: Goods, likes service: any LikeService, publishTime: PublishTime, live: LiveGoods? = nil,
        report: @escaping @Sendable (Report) -> Void = { _ in }
    ) {
        id = goods.id
        self.goods = goods
        publishTimeFormat = publishTime
        self.service = service
        self.report = report
        self.live = live
    }

    /// The like state and action, for as long as the returned handle lives: a bound row and the
    /// detail page each keep one, and all of them (and the properties above) share one state.
    /// When the last handle goes and no like runs, the state is released, and made again from
    /// the item's latest likes when next asked for.
    public func likeState() -> LikeState {
        let core = likeSlot.withLock { slot -> Liking in
            slot.holders += 1
            return slot.made(self)
        }
        return LikeState(core) { [weak self] in self?.update { $0.holders -= 1 } }
    }

    /// Whether the like state is made (a row or page keeps it, a like runs, or a property above
    /// was read since the last like or handle ended).
    public var hasLikeState: Bool { likeSlot.withLock { $0.core != nil } }

    /// The live message count, made from the loaded one if need be.
    private func messageCounter() -> MutableProperty<Int> {
        messageSlot.withLock { slot in
            if let slot { return slot }
            let made = MutableProperty(goods.messages)
            slot = made
            return made
        }
    }

    /// The like state, made if need be (kept until a like or handle ends with none of either left).
    private func liking() -> Liking { likeSlot.withLock { $0.made(self) } }

    /// Changes the slot; releases the state when nothing keeps it any more, outside the lock (its
    /// release may run observers).
    private func update(_ change: (inout LikeSlot) -> Void) {
        let released = likeSlot.withLock { slot -> Liking? in
            change(&slot)
            guard slot.holders == 0, !slot.running, let core = slot.core else { return nil }
            slot.latest = core.state.value
            slot.core = nil
            return core
        }
        withExtendedLifetime(released) {}
    }

    fileprivate func makeLiking(from value: Liking.Value) -> Liking {
        Liking(from: value, goodsID: id, service: service, report: report,
               changed: { [live] updated in live?.changed(updated) },
               running: { [weak self] running in self?.update { $0.running = running } })
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

/// An item's like state: made on first use, kept while handles to it live or a like runs, and
/// the likes it had when last released (nil: as loaded), to make the next one from.
private struct LikeSlot {
    var core: Liking?
    var holders = 0
    var running = false
    var latest: Liking.Value?

    mutating func made(_ item: GoodsItemViewModel) -> Liking {
        if let core { return core }
        let made = item.makeLiking(from: latest ?? Liking.Value(likes: item.goods.likes, isLiked: item.goods.isLiked))
        core = made
        return made
    }
}

/// A handle on an item's like state (`GoodsItemViewModel.likeState()`): keep it while showing
/// the like; letting go of the last one releases the state unless a like runs.
public final class LikeState: Sendable {
    private let core: Liking
    private let release: @Sendable () -> Void

    fileprivate init(_ core: Liking, release: @escaping @Sendable () -> Void) {
        self.core = core
        self.release = release
    }

    deinit { release() }

    /// Number of likes, following likes and unlikes.
    public var likes: Property<Int> { core.likes }
    /// Whether the logged-in user likes it.
    public var isLiked: Property<Bool> { core.isLiked }
    /// `♥ 12` when liked, `♡ 12` when not.
    public var buttonText: Property<String> { core.buttonText }
    /// `收藏` or `取消收藏`, for screen readers.
    public var buttonName: Property<String> { core.buttonName }
    /// The like toggle's accessible name: `收藏，5 人收藏` or `已收藏，6 人收藏`.
    public var accessibleName: Property<String> { core.accessibleName }
    /// Likes or unlikes; disabled while running.
    public var action: Action<Void, Goods, ServiceError> { core.action }
    /// Whether a like toggle shows pressed in: whether the item is liked, sent again each time a
    /// like starts or ends. A click toggles a GTK toggle button by itself; sending the state
    /// again when the like starts sets it back, so the toggle always says what is saved (a
    /// failed like leaves it as it was) and the busy button shows the like running.
    public var isPressed: SignalProducer<Bool, Never> {
        SignalProducer.combineLatest(core.isLiked.producer, core.action.isExecuting.producer).map { isLiked, _ in isLiked }
    }
    /// Whether `other` is a handle on the same state.
    public func shares(with other: LikeState) -> Bool { core === other.core }
}

/// A row's like state and its like action (~14 KB, the action alone 8 KB).
private final class Liking: Sendable {
    /// Likes and whether the user likes it.
    struct Value: Sendable, Equatable {
        var likes: Int
        var isLiked: Bool
    }

    let state: MutableProperty<Value>
    let likes: Property<Int>
    let isLiked: Property<Bool>
    let buttonText: Property<String>
    let buttonName: Property<String>
    let accessibleName: Property<String>
    let action: Action<Void, Goods, ServiceError>

    /// `running` is told when a like starts (true) and ends (false): the item keeps the state
    /// meanwhile, so whoever binds mid-like sees the like running, then its result.
    init(
        from value: Value, goodsID: Int, service: any LikeService,
        report: @escaping @Sendable (GoodsItemViewModel.Report) -> Void,
        changed: @escaping @Sendable (Goods) -> Void,
        running: @escaping @Sendable (Bool) -> Void
    ) {
        let state = MutableProperty(value)
        self.state = state
        likes = state.map { $0.likes }
        isLiked = state.map { $0.isLiked }
        buttonText = state.map { "\($0.isLiked ? "♥" : "♡") \($0.likes)" }
        buttonName = state.map { $0.isLiked ? tr("取消收藏") : tr("收藏") }
        accessibleName = state.map { $0.isLiked ? tr("已收藏，{0} 人收藏", $0.likes) : tr("收藏，{0} 人收藏", $0.likes) }
        action = Action { _ in
            let liking = !state.value.isLiked
            return service.setLiked(liking, goodsID: goodsID).on(
                starting: { running(true) },
                value: { updated in
                    state.value = Value(likes: updated.likes, isLiked: updated.isLiked)
                    changed(updated)
                    report(.notice(liking ? tr("收藏商品成功") : tr("取消收藏商品")))
                },
                failed: { report(.error($0)) },
                terminated: { running(false) })
        }
    }
}
