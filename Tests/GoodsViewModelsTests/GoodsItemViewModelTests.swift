import TestSupport
import Testing
import Foundation
import GoodsDomain
import GoodsViewModels
import Reactive

@Suite("GoodsItemViewModel: one row, preformatted")
struct GoodsItemViewModelTests {
    let shanghai = TimeZone(identifier: "Asia/Shanghai") ?? .current

    func item(_ change: (inout Goods) -> Void = { _ in }, likes: any LikeService = NoLikes()) -> GoodsItemViewModel {
        var goods = World.goods(7)
        change(&goods)
        return GoodsItemViewModel(goods: goods, likes: likes, publishTime: PublishTime(now: goods.publishedAt, timeZone: shanghai))
    }

    @Test func pricesCountAndBadges() {
        let row = item { $0.price = 75; $0.originalPrice = 99; $0.count = 2; $0.condition = 2 }
        #expect(row.price == "￥75")
        #expect(row.originalPrice == "原价99")
        #expect(row.count == "数量 2")
        #expect(row.isBrandNew)
        let free = item { $0.price = 0; $0.originalPrice = -1; $0.condition = 0 }
        #expect(free.price == nil && free.originalPrice == nil, "no price shown when ≤ 0")
        #expect(!free.isBrandNew)
        #expect(item { $0.condition = 1 }.isBrandNew, "any non-zero isNew is 全新, as the demo's BOOL")
    }

    @Test(arguments: [(ExpressType.free, 0, "包邮"), (.fee, 10, "运费 ¥10"), (.negotiable, 0, "运费待议")])
    func freightExplain(type: ExpressType, fee: Int, text: String) {
        #expect(item { $0.expressType = type; $0.expressFee = fee }.freightExplain == text)
    }

    @Test func sellerPicturesAndTexts() {
        let row = item { $0.seller.avatar = nil; $0.seller.isVerified = false }
        #expect(row.avatar == nil, "nil shows the placeholder")
        #expect(!row.isVerified)
        #expect(row.images == ["images/goods/7.svg"])
        #expect(row.title == "商品7" && row.place == "杭州" && row.messages == 1)
    }

    @Test(arguments: [
        (30.0, "刚刚"),
        (60.0 * 5, "5分钟前"),
        (3600.0 * 3, "3小时前"),
    ])
    func publishTimeToday(secondsAgo: Double, text: String) throws {
        // 2024-06-15 18:00:00 in Shanghai.
        let now = try #require(BeijingTime.date(from: "2024-06-15 18:00:00"))
        #expect(PublishTime(now: now, timeZone: shanghai).text(for: now.addingTimeInterval(-secondsAgo)) == text)
    }

    @Test func publishTimeEarlier() throws {
        let now = try #require(BeijingTime.date(from: "2024-06-15 01:30:00"))
        let formatter = PublishTime(now: now, timeZone: shanghai)
        let yesterday = try #require(BeijingTime.date(from: "2024-06-14 23:50:00"))
        #expect(formatter.text(for: yesterday) == "06-14 23:50", "40 minutes ago but yesterday: a date")
        let lastYear = try #require(BeijingTime.date(from: "2017-01-12 20:54:51"))
        #expect(formatter.text(for: lastYear) == "2017-01-12 20:54")
        #expect(formatter.text(for: now.addingTimeInterval(120)) == "刚刚", "a clock running behind shows 刚刚")
    }

    @Test func likeAndUnlikeUpdateTheRowAndReport() throws {
        let world = try World()
        world.services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        let reports = Log<GoodsItemViewModel.Report>()
        let goods = try #require(try world.services.store.goods(id: 7, viewer: "13800138000"))
        let row = GoodsItemViewModel(goods: goods, likes: world.services, publishTime: PublishTime(now: Date())) { reports.append($0) }
        #expect(row.likes.value == 5 && !row.isLiked.value)
        row.like.apply().start()
        #expect(!row.like.isEnabled.value, "disabled while liking")
        world.scheduler.advance(by: .seconds(1))
        #expect(row.isLiked.value && row.likes.value == 6)
        #expect(row.like.isEnabled.value)
        row.like.apply().start()
        world.scheduler.advance(by: .seconds(1))
        #expect(!row.isLiked.value && row.likes.value == 5)
        #expect(reports.values == [.notice("收藏商品成功"), .notice("取消收藏商品")])
    }

    @Test func theLikesAccessibleNameSaysItsStateAndCount() throws {
        let world = try World()
        world.services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        let goods = try #require(try world.services.store.goods(id: 7, viewer: "13800138000"))
        let row = GoodsItemViewModel(goods: goods, likes: world.services, publishTime: PublishTime(now: Date()))
        let state = row.likeState()
        #expect(state.accessibleName.value == "收藏，5 人收藏")
        row.like.apply().start()
        world.scheduler.advance(by: .seconds(1))
        #expect(state.accessibleName.value == "已收藏，6 人收藏", "liked: 已收藏 and the new count")
        #expect(row.likeAccessibleName.value == "已收藏，6 人收藏")
    }

    @Test func theRowsDescriptionHasThePriceAndTheSeller() {
        let priced = item { $0.price = 75; $0.seller.nickname = "小明"; $0.seller.isVerified = true }
        #expect(priced.accessibleDescription == "￥75，卖家 小明（已认证）")
        let free = item { $0.price = 0; $0.seller.nickname = "小红"; $0.seller.isVerified = false }
        #expect(free.accessibleDescription == "卖家 小红", "no price: the seller only")
    }

    @Test func theLikeStateLivesWhileKeptOrLikingAndIsMadeAgainFromTheLatestLikes() throws {
        let world = try World()
        world.services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        let goods = try #require(try world.services.store.goods(id: 7, viewer: "13800138000"))
        let row = GoodsItemViewModel(goods: goods, likes: world.services, publishTime: PublishTime(now: Date()))
        #expect(!row.hasLikeState, "made on first use only")
        var kept: LikeState? = row.likeState()
        #expect(row.hasLikeState)
        #expect(try #require(kept).shares(with: row.likeState()), "everyone asking meanwhile shares it")
        kept = nil
        #expect(!row.hasLikeState, "released once nobody keeps it")

        row.like.apply().start()
        #expect(row.hasLikeState, "a running like keeps it")
        #expect(!row.like.isEnabled.value, "and whoever asks sees the like running")
        world.scheduler.advance(by: .seconds(1))
        #expect(!row.hasLikeState, "released when the like ends")
        #expect(row.isLiked.value && row.likes.value == 6, "made again from the like's result, not as loaded")
    }

    @Test func aFailedLikeReleasesTheStateItKept() throws {
        let world = try World()
        world.services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        world.server.setDown(true, for: [.like])
        let row = GoodsItemViewModel(goods: World.goods(7), likes: world.services, publishTime: PublishTime(now: Date()))
        row.like.apply().start()
        #expect(row.hasLikeState)
        world.scheduler.run()
        #expect(!row.hasLikeState)
        #expect(!row.isLiked.value && row.likes.value == 5)
    }

    @Test func aFailedLikeChangesNothingAndReportsTheError() throws {
        let world = try World()
        world.services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        world.server.setDown(true, for: [.like])
        let reports = Log<GoodsItemViewModel.Report>()
        let row = GoodsItemViewModel(goods: World.goods(7), likes: world.services, publishTime: PublishTime(now: Date())) { reports.append($0) }
        row.like.apply().start()
        world.scheduler.run()
        #expect(!row.isLiked.value && row.likes.value == 5)
        #expect(reports.values == [.error(ServiceError(.serverUnavailable, request: .like))])
        #expect(row.like.isEnabled.value)
    }
}

import HeapStats

/// What a row view model costs on the heap, beyond the goods it shows.
@Suite("GoodsItemViewModel: memory", .serialized)
struct GoodsItemViewModelMemoryTests {
    @Test func aRowViewModelCostsAtMostTwoKilobytes() {
        let count = 2_000
        let goods = (1...count).map(World.goods)
        let publishTime = PublishTime(now: Date(timeIntervalSince1970: 1_700_000_000))
        let likes = NoLikes()
        let before = heap_stats_bytes_in_use()
        let rows = goods.map { GoodsItemViewModel(goods: $0, likes: likes, publishTime: publishTime) }
        let perRow = (heap_stats_bytes_in_use() - before) / count
        withExtendedLifetime(rows) {}
        print("a row view model: \(perRow) bytes")
        #expect(perRow <= 2_048, "\(perRow) bytes per row view model")
    }
}
