import Foundation
import GoodsDomain
import GoodsViewModels
import Reactive
import TestSupport
import Testing
import ViewModelKit

/// A banner click (`openBanner`): the in-app web page when a screen provides `GoodsRoutes.web`,
/// else the desktop's browser for web addresses, and a notice for the data set's own pages.
@MainActor
struct BannerOpeningTests {
    /// A goods list over banners linking to `links`, with its banners loaded.
    static func list(links: [String?], world: World) throws -> GoodsViewModel {
        let banners = links.enumerated().map { index, link in
            Banner(id: index + 1, title: "广告\(index + 1)", image: "images/banners/\(index + 1).svg", link: link, displayOrder: index + 1)
        }
        let store = try GoodsStore.inMemory(importing: DataSet(pages: World.dataSet(count: 5).pages, banners: banners))
        let services = LocalServices(store: store, server: world.server, session: Session())
        let goods = GoodsViewModel(goods: services, banners: services, likes: services, session: services.session, scheduler: world.scheduler)
        goods.refreshAll()
        world.scheduler.advance(by: .seconds(1))
        return goods
    }

    struct Recorded {
        let pages = Log<WebPage>()
        let browser = Log<String>()
        let notices = Log<String>()

        @MainActor init(_ goods: GoodsViewModel) {
            let pages = self.pages, browser = self.browser, notices = self.notices
            goods.navigation.observeValues { request in
                if case let .open(destination, _) = request, let page = destination.argument(for: GoodsRoutes.web) { pages.append(page) }
            }
            goods.browserLinks.observeValues { browser.append($0) }
            goods.notices.observeValues { notices.append($0) }
        }
    }

    @Test func withTheWebScreenABannerOpensItsPageInTheApp() throws {
        let world = try World()
        let goods = try Self.list(links: ["web/banner-1.html", "https://example.org/2"], world: world)
        goods.hasWebPageScreen = { true }
        let recorded = Recorded(goods)
        goods.openBanner()
        goods.showBanner(at: 1)
        goods.openBanner()
        #expect(recorded.pages.values == [WebPage(address: "web/banner-1.html", title: "广告1"),
                                          WebPage(address: "https://example.org/2", title: "广告2")])
        #expect(recorded.browser.values.isEmpty && recorded.notices.values.isEmpty)
    }

    @Test func withoutItWebAddressesGoToTheBrowserAndLocalPagesSaySo() throws {
        let world = try World()
        let goods = try Self.list(links: ["https://example.org/1", "web/banner-2.html", nil], world: world)
        let recorded = Recorded(goods)
        goods.openBanner()
        #expect(recorded.browser.values == ["https://example.org/1"], "today's behaviour: the desktop's browser")
        goods.showBanner(at: 1)
        goods.openBanner()
        #expect(recorded.browser.values.count == 1, "a data set's page never goes to the desktop")
        #expect(recorded.notices.values == ["这个广告的页面需要网页插件才能打开"])
        goods.showBanner(at: 2)
        goods.openBanner()
        #expect(recorded.pages.values.isEmpty && recorded.browser.values.count == 1 && recorded.notices.values.count == 1,
                "a banner without a link opens nothing")
    }

    @Test func theWebPageTellsWebAddressesFromLocalPages() {
        #expect(WebPage(address: "https://example.org/a", title: "").isWebAddress)
        #expect(WebPage(address: "HTTP://example.org", title: "").isWebAddress)
        #expect(!WebPage(address: "web/banner-1.html", title: "").isWebAddress)
        #expect(WebPage(address: "web/banner-1.html", title: "").isLocalPage)
        #expect(!WebPage(address: "file:///etc/passwd", title: "").isLocalPage)
        #expect(!WebPage(address: "/etc/passwd", title: "").isLocalPage)
        #expect(!WebPage(address: "javascript:alert(1)", title: "").isLocalPage && !WebPage(address: "javascript:alert(1)", title: "").isWebAddress)
    }
}
