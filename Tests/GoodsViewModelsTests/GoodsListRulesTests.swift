import TestSupport
import Testing
import Foundation
import GoodsDomain
import GoodsViewModels
import Reactive
import ViewModelKit

/// What the goods list decides itself, so its controller only binds: the footer's text, the
/// dots' names, row activation by position, the first load and the one rule that loads more.
@MainActor
@Suite("GoodsViewModel: the list's rules")
struct GoodsListRulesTests {
    /// Page 1 loaded (45 goods: three pages), the banners too.
    func loadedGoods(_ world: World) -> GoodsViewModel {
        let goods = world.makeGoods()
        goods.refreshAll()
        world.scheduler.advance(by: .milliseconds(750))
        return goods
    }

    @Test func theFooterSaysWhatTheListDoes() throws {
        let world = try World(goodsCount: 45)
        let goods = world.makeGoods()
        let texts = Log<String>()
        goods.footerText.producer.startWithValues { texts.append($0) }
        goods.refreshAll()
        world.scheduler.run()
        goods.loadNextPage()
        world.scheduler.run()
        goods.loadNextPage()
        world.scheduler.run()
        #expect(texts.values.first == "", "nothing before a load")
        #expect(texts.values.filter { $0 == "正在加载更多的数据..." }.count == 3, "each of the three loads")
        #expect(texts.values.filter { $0 == "点击或上拉加载更多" }.count == 2, "between the loads, while more pages remain")
        #expect(texts.values.last == "已经到底了", "the last page: said, not hidden, on a desktop")
        #expect(!texts.values.contains { !["", "正在加载更多的数据...", "点击或上拉加载更多", "已经到底了"].contains($0) })
    }

    @Test func eachDotIsNamedAfterItsBanner() throws {
        let world = try World()
        let goods = world.makeGoods()
        #expect(goods.bannerNames.value.isEmpty)
        goods.refreshAll()
        world.scheduler.run()
        #expect(goods.bannerNames.value == ["第1个广告", "第2个广告", "第3个广告"])
    }

    @Test func activatingARowByPositionSelectsItsItem() throws {
        let world = try World()
        let goods = loadedGoods(world)
        let requests = Log<String>()
        goods.navigation.observeValues { request in MainActor.assumeIsolated { requests.append(request.summary) } }
        goods.select(at: 3)
        goods.select(at: 20)
        goods.select(at: -1)
        #expect(requests.values == ["open goods.detail item 4"], "positions without an item open nothing")
    }

    @Test func theFirstLoadStartsWhenTheScreenBecomesActiveOnly() throws {
        let world = try World()
        let goods = world.makeGoods()
        #expect(goods.footer.value == .idle, "nothing loads before the screen is active")
        goods.isActive = true
        #expect(goods.footer.value == .loading)
        goods.loadFirstPageIfNeeded()
        goods.isActive = false
        goods.isActive = true
        world.scheduler.advance(by: .milliseconds(750))
        #expect(goods.items.value.count == 20)
        #expect(goods.banners.value.count == 3, "the banners load with page 1")
        goods.loadNextPage()
        world.scheduler.advance(by: .seconds(1))  // not `run`: the active carousel ticks forever
        goods.isActive = false
        goods.isActive = true
        goods.loadFirstPageIfNeeded()
        #expect(goods.footer.value != .loading, "loaded: becoming active again loads nothing")
        #expect(goods.items.value.count == 40, "one first load, then page 2: nothing was loaded twice")
    }

    @Test func nearTheEndTheNextPageLoadsUntilTheLast() throws {
        let world = try World(goodsCount: 45)
        let goods = loadedGoods(world)
        world.scheduler.advance(by: GoodsViewModel.nearEndGrace)
        goods.isNearEnd.value = true
        #expect(goods.footer.value == .loading, "near the end: page 2 loads at once")
        world.scheduler.advance(by: .milliseconds(750))
        #expect(goods.items.value.count == 40)
        #expect(goods.footer.value == .loadMore, "the near-end state is from before page 2 came: not trusted yet")
        world.scheduler.advance(by: GoodsViewModel.nearEndGrace)
        #expect(goods.footer.value == .loading, "the view said nothing more: still near the end, so page 3 loads")
        world.scheduler.run()
        #expect(goods.items.value.map(\.id) == Array(1...45))
        #expect(goods.footer.value == .noMore)
    }

    @Test func aNewReportThatTheEndIsFarLoadsNothing() throws {
        let world = try World(goodsCount: 45)
        let goods = loadedGoods(world)
        goods.isNearEnd.value = true
        world.scheduler.advance(by: .milliseconds(750))
        #expect(goods.items.value.count == 40)
        goods.isNearEnd.value = false  // the view laid page 2 out: the end is far now
        world.scheduler.advance(by: .seconds(5))
        #expect(goods.items.value.count == 40)
        #expect(goods.footer.value == .loadMore)
    }

    @Test func reachingTheEndDuringALoadIsNotLost() throws {
        let world = try World(goodsCount: 45)
        let goods = world.makeGoods()
        goods.refreshAll()
        goods.isNearEnd.value = true  // an empty list shows its end
        #expect(goods.footer.value == .loading)
        world.scheduler.advance(by: .milliseconds(750))
        #expect(goods.items.value.count == 20, "page 1, and no page 2 on the empty list's near-end state")
        world.scheduler.advance(by: GoodsViewModel.nearEndGrace)
        #expect(goods.footer.value == .loading, "still at the end once page 1 is laid out: page 2 follows")
        world.scheduler.run()
        #expect(goods.items.value.count == 45)
    }

    @Test func aFailingPageIsNotRetriedInALoopAtTheEnd() throws {
        let world = try World(goodsCount: 45)
        let goods = loadedGoods(world)
        let errors = Log<String>()
        goods.errors.observeValues { errors.append($0) }
        world.server.setDown(true, for: [.goodsPage])
        world.scheduler.advance(by: GoodsViewModel.nearEndGrace)
        goods.isNearEnd.value = true
        world.scheduler.advance(by: .seconds(10))
        #expect(errors.values.count == 1, "one failed load, not one every 750 ms")
        #expect(goods.footer.value == .loadMore)
        world.server.setDown(false, for: [.goodsPage])
        goods.isNearEnd.value = false
        goods.isNearEnd.value = true  // scrolled away and back
        world.scheduler.run()
        #expect(goods.items.value.count == 45, "a new arrival at the end tries again")
    }
}
