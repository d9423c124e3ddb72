import Foundation
import GoodsDomain
import GoodsViewModels
import TestSupport
import Testing

/// The goods-detail plugin's view model, compiled into this test target from the plugin's folder
/// (the plugin itself is built as a library by build-plugins.sh and loaded at run time).
@MainActor
@Suite("GoodsDetailPlugin: the 商品详情 page's view model")
struct GoodsDetailViewModelTests {
    @Test func theTitleAndTextsComeFromTheRow() {
        var goods = World.goods(9)
        goods.messages = 0
        goods.seller.isVerified = false
        goods.price = 0
        goods.originalPrice = 0
        let plain = GoodsDetailViewModel(item: GoodsItemViewModel(
            goods: goods, likes: NoLikes(), publishTime: PublishTime(now: goods.publishedAt, timeZone: .current)))
        #expect(plain.title.value == "商品详情")
        #expect(plain.messagesText == "")
        #expect(plain.verifiedText == "")
        #expect(plain.conditionText == "全新")
        #expect(plain.priceText == "" && plain.originalPriceText == "", "no price: empty texts, so the page hides them")

        let row = GoodsItemViewModel(goods: World.goods(4), likes: NoLikes(), publishTime: PublishTime(now: .now, timeZone: .current))
        let detail = GoodsDetailViewModel(item: row)
        #expect(detail.messagesText == "留言 1")
        #expect(detail.verifiedText == "已认证")
        #expect(detail.nickname == "卖家")
        #expect(detail.titleText == "商品4")
        #expect(detail.descriptionText == "描述4")
        #expect(detail.priceText == "￥4")
        #expect(detail.originalPriceText == "原价8")
        #expect(detail.freightText == row.freightExplain)
        #expect(detail.countText == "数量 1")
        #expect(detail.place == "杭州")
        #expect(detail.avatar == "images/avatars/2.svg")
        #expect(detail.images == ["images/goods/4.svg"])
        #expect(detail.likeButtonText.value == "♡ 5")
        #expect(detail.likeButtonName.value == "收藏")
    }

    @Test func likingOnTheDetailPageIsLikingTheRow() throws {
        let world = try World()
        world.services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        let reports = Log<GoodsItemViewModel.Report>()
        let row = world.row(1, reports: reports)
        var detail: GoodsDetailViewModel? = GoodsDetailViewModel(item: row)
        weak let released = detail
        #expect(row.likeButtonText.value == "♡ 5")
        #expect(row.likeButtonName.value == "收藏")

        detail?.like.apply().start()
        #expect(!row.like.isEnabled.value, "the row's button waits for the same request")
        #expect(detail?.like.isEnabled.value == false, "the page's button too: one action")
        // Leaving the page mid-request still saves the like.
        detail = nil
        #expect(released == nil, "the page's view model is freed when the page goes")
        world.scheduler.run()
        #expect(row.isLiked.value)
        #expect(row.likeButtonText.value == "♥ 6")
        #expect(row.likeButtonName.value == "取消收藏")
        #expect(reports.values == [.notice("收藏商品成功")], "the list shows the row's message")
        let stored = try #require(try world.services.store.page(1, size: 20, viewer: "13800138000").goods.first)
        #expect(stored.isLiked && stored.likes == 6)
    }

    @Test func toggleLikeUnlikesALikedItem() throws {
        let world = try World()
        world.services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        let row = world.row(2)
        let detail = GoodsDetailViewModel(item: row)
        detail.toggleLike()
        world.scheduler.run()
        #expect(detail.likeButtonText.value == "♥ 6" && detail.likeButtonName.value == "取消收藏")
        #expect(detail.likeAccessibleName.value == "已收藏，6 人收藏", "the toggle's name: its state and count")
        detail.toggleLike()
        world.scheduler.run()
        #expect(detail.likeButtonText.value == "♡ 5" && detail.likeButtonName.value == "收藏")
        #expect(!row.isLiked.value)
    }

    @Test func thePageKeepsTheRowsLikeStateUntilItGoes() {
        let row = GoodsItemViewModel(goods: World.goods(4), likes: NoLikes(), publishTime: PublishTime(now: .now, timeZone: .current))
        var kept: LikeState? = row.likeState()
        var detail: GoodsDetailViewModel? = GoodsDetailViewModel(item: row)
        #expect(kept.map { detail?.likeState.shares(with: $0) == true } == true, "the page and the bound row share one state")
        kept = nil
        #expect(row.hasLikeState, "the page alone keeps it")
        detail = nil
        #expect(!row.hasLikeState, "released with the page")
    }

    @Test func thePluginsTextsAreInItsOwnDomain() {
        #expect(tr.name == "goodsdesk-detail", "the manifest's Gettext-Domain")
    }
}
