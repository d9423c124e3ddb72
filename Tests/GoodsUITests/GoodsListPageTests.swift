import CGtk
import Foundation
import GoodsDomain
import GoodsUI
import GoodsViewModels
import GtkReactive
import GtkShim
import GtkTestSupport
import PluginKit
import Testing

extension ScreenTests {
    /// The widgets under `widget` that have the CSS class `name`, in tree order.
    func descendants(withCSSClass name: String, under widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        GtkTestSupport.descendants(of: widget).dropFirst().filter { gtk_widget_has_css_class($0, name) != 0 }
    }

    /// The page's carousel and footer follow the view model: a dot per banner (from
    /// carousel-dot.ui), the shown one marked `.current`, a dot's click shows its banner; the
    /// footer's text is the view model's.
    @Test func theCarouselAndTheFooterFollowTheViewModel() throws {
        let banners = (1...3).map { Banner(id: $0, title: "广告\($0)", image: "images/banners/\($0).svg", link: nil, displayOrder: $0) }
        let goods = (1...3).map { id in
            Goods(id: id, title: "商品\(id)", description: "描述", price: id, originalPrice: 0, expressType: .free,
                  expressFee: 0, count: 1, place: "杭州", publishedAt: Date(), condition: 1, images: [],
                  seller: Seller(id: 1, nickname: "卖家", avatar: nil, isVerified: false),
                  messages: 0, likes: 0, isLiked: false, hits: 0)
        }
        let store = try GoodsStore.inMemory(importing: DataSet(
            pages: [GoodsPage(goods: goods, currentPage: 1, lastPage: 1, perPage: 20)], banners: banners))
        let services = LocalServices(store: store, server: SimulatedServer(scheduler: scheduler), session: Session())
        let window = AppWindow(application: nil)
        let context = ScreenContext(chrome: window, pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/nonexistent")))
        let model = GoodsViewModel(goods: services, banners: services, likes: services, session: services.session, scheduler: scheduler)
        let controller = GoodsListController(viewModel: model, context: context)
        let page = controller.page.pointer
        let footer = try #require(descendants(withCSSClass: "footer", under: page).first)
        func footerText() -> String { String(cString: gtk_label_get_text(grshim_label(footer))) }

        let section = try #require(descendants(withCSSClass: "section-title", under: page).first)
        func sectionShows() -> Bool { gtk_widget_get_visible(section) != 0 && gtk_widget_get_parent(section).map { gtk_widget_get_visible($0) != 0 } == true }
        let bannerButton = try #require(descendants(withCSSClass: "banner", under: page).first)
        func bannersShow() -> Bool { gtk_widget_get_parent(bannerButton).flatMap(gtk_widget_get_parent).map { gtk_widget_get_visible($0) != 0 } == true }
        #expect(!sectionShows(), "no 推荐商品 over an empty list")
        #expect(!bannersShow(), "no empty band before the banners")

        model.loadFirstPageIfNeeded()
        #expect(footerText() == "正在加载更多的数据...")
        #expect(!sectionShows())
        scheduler.advance(by: .seconds(1))
        #expect(footerText() == "已经到底了")
        #expect(sectionShows(), "推荐商品 over the rows")
        #expect(bannersShow())
        let dots = descendants(withCSSClass: "carousel-dot", under: page)
        #expect(dots.count == 3, "a dot per banner")
        #expect(dots.map { gtk_widget_has_css_class($0, "current") != 0 } == [true, false, false])
        model.showBanner(at: 2)
        #expect(dots.map { gtk_widget_has_css_class($0, "current") != 0 } == [false, false, true])
        grshim_emit(dots[1], "clicked")
        #expect(model.bannerIndex.value == 1, "a dot's click shows its banner")
        #expect(dots.map { gtk_widget_has_css_class($0, "current") != 0 } == [false, true, false])
        window.destroy()
        withExtendedLifetime(controller) {}
    }
}
