import TestSupport
import Testing
import Foundation
import GoodsDomain
@testable import GoodsViewModels
import Reactive
import ViewModelKit

/// An item shown on several screens at once (the list, a seller page, the search results) is a
/// row view model per screen: a like or a comment on one goes to the session's `LiveGoods`,
/// which every screen's list follows, so it shows on the others at once.
@MainActor
@Suite("LiveGoods: an item's rows on every screen keep in step")
struct LiveGoodsTests {
    static let phone = "13800138000"

    /// The goods list, a seller page of item 7's seller and a search matching item 7, loaded.
    struct Screens {
        let goods: GoodsViewModel
        let seller: SellerGoodsViewModel
        let search: SearchViewModel
    }

    func screens(_ world: World, live: LiveGoods?) throws -> Screens {
        world.services.session.account.value = Account(phone: Self.phone, nickname: "n", avatar: nil)
        let goods = GoodsViewModel(goods: world.services, banners: world.services, likes: world.services,
                                   session: world.services.session, scheduler: world.scheduler, live: live)
        let seller = SellerGoodsViewModel(seller: World.goods(7).seller, goods: world.services, likes: world.services, live: live)
        let search = SearchViewModel(service: world.services, likes: world.services, scheduler: world.scheduler, live: live) { _ in }
        goods.refreshAll()
        seller.reload()
        search.query.value = World.goods(7).title
        world.scheduler.run()
        return Screens(goods: goods, seller: seller, search: search)
    }

    func row(_ id: Int, in list: some Sequence<GoodsItemViewModel>) throws -> GoodsItemViewModel {
        try #require(list.first { $0.id == id })
    }

    @Test func aLikeOnOneScreenShowsOnEveryOtherWhetherItsStateIsLiveOrNot() throws {
        let world = try World()
        let live = LiveGoods()
        let screens = try screens(world, live: live)
        let onList = try row(7, in: screens.goods.items.value)
        let onPage = try row(7, in: screens.seller.items.value)
        let found = try row(7, in: screens.search.items.value.map(\.item))
        #expect(onList !== onPage && onPage !== found)
        let shown = onList.likeState()  // the list's row is bound: its state is live
        #expect(!found.hasLikeState)
        onPage.like.apply().start()
        world.scheduler.run()
        #expect(onPage.isLiked.value && onPage.likes.value == 6)
        #expect(shown.isLiked.value && shown.likes.value == 6, "the live row on the list took the like")
        #expect(!found.hasLikeState, "a result not shown stays small")
        #expect(found.isLiked.value && found.likes.value == 6, "and shows the like once asked")
        #expect(live.goods(id: 7)?.likes == 6 && live.source.count == 1, "the source holds what changed, only that")
        withExtendedLifetime((screens, shown)) {}
    }

    @Test func aCommentRaisesTheCountOnEveryScreensRowOfTheItem() throws {
        let world = try World()
        let screens = try screens(world, live: LiveGoods())
        let onList = try row(7, in: screens.goods.items.value)
        let onPage = try row(7, in: screens.seller.items.value)
        let before = onList.messageCount.value
        onPage.commentAdded(messages: before + 1)
        #expect(onList.messageCount.value == before + 1)
        #expect(onList.messagesAccessibleName.value == "留言 \(before + 1)")
        let other = try row(8, in: screens.goods.items.value)
        #expect(other.messageCount.value == World.goods(8).messages, "other items are untouched")
        withExtendedLifetime(screens) {}
    }

    @Test func withoutLiveGoodsRowsKeepTheirOwnState() throws {
        let world = try World()
        let screens = try screens(world, live: nil)
        let onList = try row(7, in: screens.goods.items.value)
        let onPage = try row(7, in: screens.seller.items.value)
        onPage.like.apply().start()
        world.scheduler.run()
        #expect(onPage.isLiked.value)
        #expect(!onList.isLiked.value, "rows made without LiveGoods are on their own")
        withExtendedLifetime(screens) {}
    }

    @Test func aClosedScreenIsFreedAndStopsFollowing() throws {
        let world = try World()
        let live = LiveGoods()
        var screens: Screens? = try screens(world, live: live)
        weak let seller = screens?.seller
        weak let search = screens?.search
        let onList = try row(7, in: try #require(screens).goods.items.value)
        screens = nil
        #expect(seller == nil && search == nil, "following LiveGoods keeps no screen alive")
        onList.like.apply().start()
        world.scheduler.run()
        #expect(live.goods(id: 7)?.isLiked == true, "a row whose screen went still reports to the source")
    }
}
