import TestSupport
import Testing
import Foundation
import GoodsDomain
import GoodsViewModels
import Reactive
import ViewModelKit

/// What the list's area shows (a spinner, 没有商品, an error with 重试, the rows) and the retry,
/// on virtual time with the simulated server going down and up again.
@MainActor
@Suite("Goods list states and retry")
struct GoodsListStateTests {
    @Test func theFirstPageLoadsUnderASpinnerThenTheRowsShow() throws {
        let world = try World(goodsCount: 45)
        let goods = world.makeGoods()
        #expect(goods.listState.value == .loading, "nothing loaded yet: the spinner")
        goods.refreshAll()
        world.scheduler.advance(by: .milliseconds(500))
        #expect(goods.listState.value == .loading)
        world.scheduler.advance(by: .milliseconds(250))
        #expect(goods.listState.value == .showing)
        #expect(!goods.offersRetryInFooter.value)
        #expect(!goods.retry.isEnabled.value, "nothing failed: nothing to retry")
    }

    @Test func aFailedFirstPageShowsTheErrorAndRetryRecovers() throws {
        let world = try World(goodsCount: 45)
        let goods = world.makeGoods()
        world.server.setDown(true, for: [.goodsPage])
        goods.refreshAll()
        world.scheduler.run()
        #expect(goods.items.value.isEmpty)
        #expect(goods.listState.value == .failed("呜呜，服务器不给力呀..."))
        #expect(goods.failureText.value == "呜呜，服务器不给力呀...")
        #expect(goods.retry.isEnabled.value)
        #expect(!goods.offersRetryInFooter.value, "no rows: the status page offers 重试, not the footer")

        // Still down: the retry fails the same way, after showing the spinner meanwhile.
        goods.retry.apply().start()
        #expect(goods.listState.value == .loading)
        world.scheduler.run()
        #expect(goods.listState.value == .failed("呜呜，服务器不给力呀..."))

        world.server.setDown(false, for: [.goodsPage])
        goods.retry.apply().start()
        #expect(goods.retry.isExecuting.value)
        world.scheduler.run()
        #expect(goods.items.value.map(\.id) == Array(1...20))
        #expect(goods.listState.value == .showing)
        #expect(!goods.retry.isEnabled.value && !goods.retry.isExecuting.value)
        #expect(goods.failureText.value == "")
    }

    @Test func aRetryOfTheFirstPageAlsoLoadsMissingBanners() throws {
        let world = try World(goodsCount: 45)
        let goods = world.makeGoods()
        world.server.setDown(true)
        goods.refreshAll()
        world.scheduler.run()
        #expect(goods.banners.value.isEmpty)
        world.server.setDown(false)
        goods.retry.apply().start()
        world.scheduler.run()
        #expect(goods.banners.value.map(\.id) == [1, 2, 3])
        #expect(goods.listState.value == .showing)
    }

    @Test func aLaterPageFailureKeepsTheRowsAndOffersRetryInTheFooter() throws {
        let world = try World(goodsCount: 45)
        let goods = world.makeGoods()
        goods.refreshAll()
        world.scheduler.run()
        world.server.setDown(true, for: [.goodsPage])
        goods.loadNextPage()
        world.scheduler.run()
        #expect(goods.items.value.count == 20, "the rows stay")
        #expect(goods.listState.value == .showing)
        #expect(goods.offersRetryInFooter.value)

        world.server.setDown(false, for: [.goodsPage])
        goods.retry.apply().start()
        #expect(!goods.offersRetryInFooter.value, "the footer's 重试 goes while the page loads again")
        world.scheduler.run()
        #expect(goods.items.value.map(\.id) == Array(1...40), "the retry loaded page 2, not page 1 again")
        #expect(!goods.offersRetryInFooter.value)
    }

    @Test func aDataSourceWithoutGoodsIsEmptyNotLoading() throws {
        let world = try World(goodsCount: 45)
        let empty = try GoodsStore.inMemory(importing: DataSet(pages: [GoodsPage(goods: [], currentPage: 1, lastPage: 1, perPage: 20)], banners: []))
        let services = LocalServices(store: empty, server: world.server, session: Session())
        let goods = GoodsViewModel(goods: services, banners: services, likes: services, session: services.session, scheduler: world.scheduler)
        goods.refreshAll()
        world.scheduler.run()
        #expect(goods.listState.value == .empty)
        #expect(!goods.retry.isEnabled.value)
    }

    @Test func theShownBannersTitleFollowsTheIndex() throws {
        let world = try World()
        let goods = world.makeGoods()
        #expect(goods.bannerTitle.value == "")
        goods.refreshAll()
        world.scheduler.run()
        #expect(goods.bannerTitles.value == ["广告1", "广告2", "广告3"])
        #expect(goods.bannerTitle.value == "广告1")
        goods.showBanner(at: 1)
        #expect(goods.bannerTitle.value == "广告2", "a swipe or a dot moves the title with the index")
    }
}
