import TestSupport
import Testing
import Foundation
import GoodsDomain
import GoodsViewModels
import Reactive
import ViewModelKit

/// The list's chrome as the demo's, decided by the view model on virtual time: the footer is
/// the 点击或上拉加载更多 button only while more pages remain and none loads or failed, the
/// section header only shows above rows, the banner area only once banners came.
@MainActor
@Suite("GoodsViewModel: the list's chrome")
struct GoodsListChromeTests {
    @Test func theFooterIsAButtonOnlyWhileMorePagesRemain() throws {
        let world = try World(goodsCount: 45)
        let goods = world.makeGoods()
        let states = Log<String>()
        goods.footerContent.producer.startWithValues { states.append("\($0.text)\($0.loadsMore ? " [button]" : "")") }
        goods.refreshAll()
        world.scheduler.run()
        #expect(goods.footerText.value == "点击或上拉加载更多")
        #expect(goods.footerLoadsMore.value)
        goods.loadMore.apply().start()  // what the button runs
        #expect(goods.footerText.value == "正在加载更多的数据...")
        #expect(!goods.footerLoadsMore.value, "no button while a page loads")
        world.scheduler.run()
        #expect(goods.items.value.count == 40, "the button's press loaded page 2")
        goods.loadNextPage()
        world.scheduler.run()
        #expect(goods.footerText.value == "已经到底了")
        #expect(!goods.footerLoadsMore.value, "no button after the last page")
        #expect(!states.values.contains { $0.hasSuffix("[button]") && !$0.hasPrefix("点击或上拉加载更多") },
                "only 点击或上拉加载更多 is ever a button: \(states.values)")
    }

    @Test func aFailedPageOffersRetryInsteadOfTheButton() throws {
        let world = try World(goodsCount: 45)
        let goods = world.makeGoods()
        goods.refreshAll()
        world.scheduler.run()
        world.server.setDown(true, for: [.goodsPage])
        goods.loadNextPage()
        world.scheduler.run()
        #expect(goods.offersRetryInFooter.value)
        #expect(!goods.footerLoadsMore.value, "重试 says what to do; no second button")
        #expect(goods.footerText.value == "")
        world.server.setDown(false, for: [.goodsPage])
        goods.retry.apply().start()
        world.scheduler.run()
        #expect(goods.items.value.count == 40)
        #expect(goods.footerLoadsMore.value, "the button is back once the page came")
        #expect(goods.footerText.value == "点击或上拉加载更多")
    }

    @Test func theSectionHeaderShowsAboveRowsOnly() throws {
        let world = try World(goodsCount: 45)
        let goods = world.makeGoods()
        #expect(!goods.showsSectionHeader.value, "hidden before page 1")
        goods.refreshAll()
        #expect(!goods.showsSectionHeader.value, "hidden while page 1 loads")
        world.scheduler.run()
        #expect(goods.showsSectionHeader.value)


        let failing = try World(goodsCount: 45)
        failing.server.setDown(true, for: [.goodsPage])
        let failed = failing.makeGoods()
        failed.refreshAll()
        failing.scheduler.advance(by: .seconds(1))
        #expect(failed.listState.value == .failed(failed.failureText.value))
        #expect(!failed.showsSectionHeader.value, "hidden over 无法加载商品")
    }

    @Test func theBannerAreaShowsOnceBannersCame() throws {
        let world = try World()
        let goods = world.makeGoods()
        let shown = Log<Bool>()
        goods.showsBanners.producer.startWithValues { shown.append($0) }
        #expect(!goods.showsBanners.value, "no empty band before the banners")
        goods.refreshAll()
        #expect(!goods.showsBanners.value, "nor while they load")
        world.scheduler.advance(by: .seconds(1))
        #expect(goods.showsBanners.value)
        #expect(shown.values == [false, true])
    }

    @Test func failedBannersLeaveNoBand() throws {
        let world = try World()
        world.server.setDown(true, for: [.banners])
        let goods = world.makeGoods()
        goods.refreshAll()
        world.scheduler.advance(by: .seconds(1))
        #expect(goods.items.value.count == 20, "the rows came")
        #expect(!goods.showsBanners.value)
        #expect(goods.showsSectionHeader.value)
    }
}
