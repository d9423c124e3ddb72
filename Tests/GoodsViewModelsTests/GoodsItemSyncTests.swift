import TestSupport
import Testing
import Foundation
import GoodsDomain
@testable import GoodsViewModels
import Reactive
import ViewModelKit

/// An item shown on two screens at once (the list and a seller page, the list and its search
/// results) is two row view models: a like or a comment on one shows on the other at once.
@MainActor
@Suite("GoodsItemSync: an item's rows on other screens keep in step")
struct GoodsItemSyncTests {
    static let phone = "13800138000"

    func rows(_ world: World, sync: GoodsItemSync?, id: Int = 7) throws -> (GoodsItemViewModel, GoodsItemViewModel) {
        world.services.session.account.value = Account(phone: Self.phone, nickname: "n", avatar: nil)
        let goods = try #require(try world.services.store.goods(id: id, viewer: Self.phone))
        let time = PublishTime(now: Date())
        return (GoodsItemViewModel(goods: goods, likes: world.services, publishTime: time, sync: sync),
                GoodsItemViewModel(goods: goods, likes: world.services, publishTime: time, sync: sync))
    }

    @Test func aLikeOnOneRowShowsOnTheOtherWhetherItsStateIsLiveOrNot() throws {
        let world = try World()
        let sync = GoodsItemSync()
        let (list, page) = try rows(world, sync: sync)
        let shown = list.likeState()  // the list's row is bound: its state is live
        page.like.apply().start()
        world.scheduler.advance(by: .seconds(1))
        #expect(page.isLiked.value && page.likes.value == 6)
        #expect(shown.isLiked.value && shown.likes.value == 6, "the live row took the like")
        withExtendedLifetime((list, shown)) {}

        let (other, third) = try rows(world, sync: sync, id: 8)
        #expect(!other.hasLikeState)
        third.like.apply().start()
        world.scheduler.advance(by: .seconds(1))
        #expect(!other.hasLikeState, "a row not shown stays small")
        #expect(other.isLiked.value && other.likes.value == 6, "and shows the like once asked")
        withExtendedLifetime(third) {}
    }

    @Test func aCommentRaisesTheCountOnEveryRowOfTheItem() throws {
        let world = try World()
        let sync = GoodsItemSync()
        let (list, page) = try rows(world, sync: sync)
        let before = list.messageCount.value
        page.commentAdded(messages: before + 1)
        #expect(list.messageCount.value == before + 1)
        #expect(list.messagesAccessibleName.value == "留言 \(before + 1)")
        withExtendedLifetime(page) {}
    }

    @Test func withoutSyncRowsKeepTheirOwnState() throws {
        let world = try World()
        let (list, page) = try rows(world, sync: nil)
        page.like.apply().start()
        world.scheduler.advance(by: .seconds(1))
        #expect(page.isLiked.value)
        #expect(!list.isLiked.value, "rows made without a sync are on their own (as before)")
    }

    @Test func freedRowsLeaveAndOtherItemsAreUntouched() throws {
        let world = try World()
        let sync = GoodsItemSync()
        var pair: (GoodsItemViewModel, GoodsItemViewModel)? = try rows(world, sync: sync)
        let unrelatedRows = try rows(world, sync: sync, id: 9)
        let unrelated = unrelatedRows.0
        #expect(sync.count == 4)
        pair?.1.commentAdded(messages: 40)
        #expect(unrelated.messageCount.value != 40)
        pair = nil
        #expect(sync.count == 2, "the freed rows left")
        withExtendedLifetime(unrelatedRows) {}
    }

    @Test func theListItsSearchAndASellerPageShareOneSync() async throws {
        let world = try World()
        world.services.session.account.value = Account(phone: Self.phone, nickname: "n", avatar: nil)
        let sync = GoodsItemSync()
        let goods = GoodsViewModel(goods: world.services, banners: world.services, likes: world.services,
                                   session: world.services.session, scheduler: world.scheduler, sync: sync)
        let seller = SellerGoodsViewModel(seller: World.goods(7).seller, goods: world.services, likes: world.services, sync: sync)
        goods.refreshAll()
        seller.reload()
        world.scheduler.run()
        let onList = try #require(goods.items.value.first { $0.id == 7 })
        let onPage = try #require(seller.items.value.first { $0.id == 7 })
        #expect(onList !== onPage)
        onPage.like.apply().start()
        world.scheduler.run()
        #expect(onList.isLiked.value, "liked on the seller page, liked on the list")
        withExtendedLifetime((goods, seller)) {}
    }
}
