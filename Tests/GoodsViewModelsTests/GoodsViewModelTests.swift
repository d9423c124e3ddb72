import TestSupport
import Testing
import Foundation
import GoodsDomain
import GoodsViewModels
import Reactive
import ViewModelKit

@MainActor
@Suite("GoodsViewModel")
struct GoodsViewModelTests {
    @Test func refreshLoadsBannersAndTheFirstPage() throws {
        let world = try World(goodsCount: 45)
        let goods = world.makeGoods()
        goods.refreshAll()
        #expect(goods.footer.value == .loading)
        world.scheduler.advance(by: .milliseconds(500))
        #expect(goods.banners.value.map(\.id) == [1, 2, 3])
        #expect(goods.items.value.isEmpty)
        world.scheduler.advance(by: .milliseconds(250))
        #expect(goods.items.value.map(\.id) == Array(1...20))
        #expect(goods.footer.value == .loadMore)
        #expect(goods.items.value[0].publishTime == "刚刚")
    }

    @Test func loadingMoreReachesNoMoreWithEveryItemOnce() throws {
        let world = try World(goodsCount: 45)
        let goods = world.makeGoods()
        goods.refreshAll()
        world.scheduler.run()
        for _ in 0..<4 {
            goods.loadNextPage()
            world.scheduler.run()
        }
        #expect(goods.items.value.map(\.id) == Array(1...45))
        #expect(goods.footer.value == .noMore)
    }

    @Test func theCarouselAdvancesEveryFiveSecondsOnlyWhileActive() throws {
        let world = try World()
        let goods = world.makeGoods()
        goods.refreshAll()
        world.scheduler.advance(by: .seconds(1))
        world.scheduler.advance(by: .seconds(10))
        #expect(goods.bannerIndex.value == 0, "inactive: no advance")
        goods.isActive = true
        world.scheduler.advance(by: .seconds(4))
        #expect(goods.bannerIndex.value == 0)
        world.scheduler.advance(by: .seconds(1))
        #expect(goods.bannerIndex.value == 1)
        world.scheduler.advance(by: .seconds(10))
        #expect(goods.bannerIndex.value == 0, "wraps around after the last of three")
        goods.isActive = false
        world.scheduler.advance(by: .seconds(20))
        #expect(goods.bannerIndex.value == 0)
        goods.showBanner(at: 2)
        #expect(goods.bannerIndex.value == 2)
        #expect(goods.currentBannerLink == "https://example.org/3")
        goods.showBanner(at: 9)
        #expect(goods.bannerIndex.value == 2)
    }

    @Test func aHeldBannerStandsStillAndAMoveStartsTheIntervalAfresh() throws {
        let world = try World()
        let goods = world.makeGoods()
        goods.refreshAll()
        goods.isActive = true
        world.scheduler.advance(by: .seconds(1))
        goods.isBannerHeld.value = true
        world.scheduler.advance(by: .seconds(30))
        #expect(goods.bannerIndex.value == 0, "held (focused or under the pointer): it does not move by itself")
        goods.showBanner(movingBy: 1)
        #expect(goods.bannerIndex.value == 1, "the user moves it while holding it")
        goods.isBannerHeld.value = false
        world.scheduler.advance(by: .seconds(4))
        #expect(goods.bannerIndex.value == 1, "let go: a whole interval before the next tick")
        world.scheduler.advance(by: .seconds(1))
        #expect(goods.bannerIndex.value == 2)
        world.scheduler.advance(by: .seconds(3))
        goods.showBanner(at: 0)
        world.scheduler.advance(by: .seconds(4))
        #expect(goods.bannerIndex.value == 0, "a move 3 s into an interval starts it afresh: no tick 2 s later")
        world.scheduler.advance(by: .seconds(1))
        #expect(goods.bannerIndex.value == 1)
    }

    @Test func theArrowKeysMoveBetweenBannersWrappingRound() throws {
        let world = try World()
        let goods = world.makeGoods()
        #expect(!goods.showBanner(movingBy: 1), "no banners yet: nothing to move to")
        goods.refreshAll()
        world.scheduler.advance(by: .seconds(1))
        #expect(goods.showBanner(movingBy: -1) && goods.bannerIndex.value == 2, "left of the first is the last of three")
        #expect(goods.showBanner(movingBy: 1) && goods.bannerIndex.value == 0, "right of the last is the first")
        #expect(goods.showBanner(movingBy: 1) && goods.bannerIndex.value == 1)
    }

    @Test func aCarouselTickMovesTheIndexAndNeverResendsTheBanners() throws {
        let world = try World()
        let goods = world.makeGoods()
        goods.refreshAll()
        world.scheduler.advance(by: .seconds(1))
        let banners = Log<[Int]>()
        let indices = Log<Int>()
        goods.banners.signal.observeValues { banners.append($0.map(\.id)) }
        goods.bannerIndex.signal.observeValues { indices.append($0) }
        goods.isActive = true
        world.scheduler.advance(by: .seconds(15))
        #expect(indices.values == [1, 2, 0], "three ticks")
        #expect(banners.values.isEmpty, "the banners did not change, so the view keeps its pictures")
        goods.refreshAll()
        world.scheduler.advance(by: .seconds(1))
        #expect(banners.values.isEmpty, "reloading the same banners sends nothing either")
        goods.showBanner(at: 0)
        #expect(indices.values == [1, 2, 0], "showing the banner already on show sends nothing")
    }

    @Test func rowNoticesAndServerErrorsReachTheScreen() throws {
        let world = try World()
        world.services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        let goods = world.makeGoods()
        let notices = Log<String>()
        let errors = Log<String>()
        goods.notices.observeValues { notices.append($0) }
        goods.errors.observeValues { errors.append($0) }
        goods.refreshAll()
        world.scheduler.run()
        goods.items.value[0].like.apply().start()
        world.scheduler.run()
        #expect(notices.values == ["收藏商品成功"])
        world.server.setDown(true, for: [.goodsPage, .banners])
        goods.refreshAll()
        world.scheduler.run()
        #expect(errors.values == ["呜呜，服务器不给力呀...", "呜呜，服务器不给力呀..."])
        #expect(goods.items.value.count == 20, "a failed refresh keeps what was shown")
    }

    @Test func logoutAsksFirstThenReturnsToLogin() async throws {
        let world = try World()
        world.services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        let goods = world.makeGoods()
        let requests = Log<String>()
        goods.navigation.observeValues { request in MainActor.assumeIsolated { requests.append(request.summary) } }
        let questions = Log<ConfirmationQuestion>()
        goods.confirmLogout.handle { questions.append($0); return true }

        #expect(await goods.logout().value == .success(true))
        #expect(questions.values == [GoodsViewModel.logoutQuestion], "asked once, before anything happens")
        #expect(GoodsViewModel.logoutQuestion == ConfirmationQuestion(
            title: "注销？", message: "确定要注销当前用户吗?", confirmTitle: "注销", cancelTitle: "取消", isDestructive: true))
        #expect(requests.values == ["open app.login () as root"])
        #expect(world.services.session.account.value == nil)
    }

    @Test func aDeclinedLogoutStaysLoggedIn() async throws {
        let world = try World()
        world.services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        let goods = world.makeGoods()
        let requests = Log<String>()
        goods.navigation.observeValues { request in MainActor.assumeIsolated { requests.append(request.summary) } }
        goods.confirmLogout.handle { _ in false }

        #expect(await goods.logout().value == .success(false))
        #expect(requests.values.isEmpty, "no navigation")
        #expect(world.services.session.account.value?.phone == "13800138000")
    }

    @Test func aLogoutNobodyAnswersFailsClearlyAndDoesNothing() async throws {
        let world = try World()
        world.services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        let goods = world.makeGoods()
        let requests = Log<String>()
        goods.navigation.observeValues { request in MainActor.assumeIsolated { requests.append(request.summary) } }

        #expect(await goods.logout().value == .failure(.noHandler(interaction: "confirmLogout")))
        #expect(requests.values.isEmpty)
        #expect(world.services.session.account.value != nil)
    }

    @Test func aLogoutStillAskedWhenItsScreenClosesIsCancelledAndTheListIsFreed() async throws {
        let world = try World()
        world.services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        var goods: GoodsViewModel? = world.makeGoods()
        weak let weakGoods = goods
        let confirmLogout = try #require(goods).confirmLogout
        let screen = Lifetime.make()
        // The user would agree, a second later: the screen closes first.
        screen.lifetime += confirmLogout.handle { [scheduler = world.scheduler] _ in
            await SignalProducer<Bool, Never>(value: true).delay(.seconds(1), on: scheduler).first() ?? false
        }
        let logout = try #require(goods).logout()
        for _ in 0..<1_000 where confirmLogout.pendingCount == 0 { await Task.yield() }
        #expect(confirmLogout.pendingCount == 1)

        screen.token.dispose()
        goods = nil
        #expect(await logout.value == .failure(.cancelled(interaction: "confirmLogout")))
        #expect(weakGoods == nil, "the question kept no view model")
        world.scheduler.advance(by: .seconds(1))
        #expect(world.services.session.account.value != nil, "the late answer logs nobody out")
    }

    @Test func selectingARowAsksForTheDetailRoute() throws {
        let world = try World()
        let goods = world.makeGoods()
        let requests = Log<String>()
        goods.navigation.observeValues { request in MainActor.assumeIsolated { requests.append(request.summary) } }
        goods.refreshAll()
        world.scheduler.run()
        goods.select(goods.items.value[3])
        #expect(requests.values == ["open goods.detail item 4"])
    }

    @Test func theGoodsListIsFreedWithItsWorkDisposed() throws {
        let world = try World()
        var goods: GoodsViewModel? = world.makeGoods()
        weak let weakGoods = goods
        goods?.isActive = true
        goods?.refreshAll()
        goods = nil
        #expect(weakGoods == nil)
        world.scheduler.advance(by: .seconds(30))
        #expect(world.scheduler.pendingCount == 0, "no timer or request outlives the view model")
    }
}
