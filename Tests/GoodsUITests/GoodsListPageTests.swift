@testable import AppShell
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
        let window = AppWindow(application: nil, options: .goodsDesk())
        let context = ScreenContext(chrome: window, pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/nonexistent")))
        let model = GoodsViewModel(goods: services, banners: services, likes: services, session: services.session, scheduler: scheduler)
        let controller = GoodsListController(model, context: context)
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

    /// The list answers its view model's 注销 question with a dialog over the window, for as
    /// long as the list is on screen; 注销 there logs out.
    @Test func theListAsksToLogOutInADialogOverItsWindow() async throws {
        let services = LocalServices(store: try GoodsStore.inMemory(importing: DataSet(pages: [], banners: [])),
                                     server: SimulatedServer(scheduler: scheduler), session: Session())
        services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        let window = AppWindow(application: nil, options: .goodsDesk())
        let context = ScreenContext(chrome: window, pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/nonexistent")))
        let model = GoodsViewModel(goods: services, banners: services, likes: services, session: services.session, scheduler: scheduler)
        var controller: GoodsListController? = GoodsListController(model, context: context)
        window.show(page: try #require(controller).page, named: "list")
        #expect(model.confirmLogout.hasHandler, "the list registered its dialog")

        let logout = model.logout()
        await pumpMainLoopYielding { !openMessageDialogs(over: window.window).isEmpty }
        let shown = try #require(openMessageDialogs(over: window.window).first, "注销 opens a dialog")
        #expect(shown.heading == "注销？" && shown.body == "确定要注销当前用户吗?")
        #expect(shown.label(ofResponse: MessageDialog.confirmResponse) == "注销" && shown.label(ofResponse: MessageDialog.cancelResponse) == "取消")
        shown.respond(MessageDialog.confirmResponse)
        for _ in 0..<500 where model.confirmLogout.pendingCount > 0 { await Task.yield() }
        try #require(model.confirmLogout.pendingCount == 0, "answered")
        #expect(await logout.value == .success(true))
        #expect(services.session.account.value == nil)
        #expect(!shown.isOpen)

        controller = nil
        #expect(!model.confirmLogout.hasHandler, "the list's handler went with it")
        window.destroy()
    }

}

/// The open message dialogs over `parent` (questions a screen asks; other tests may have theirs).
@MainActor
func openMessageDialogs(over parent: Widget) -> [MessageDialog] {
    guard let toplevels = gtk_window_get_toplevels() else { return [] }
    return (0..<g_list_model_get_n_items(toplevels)).compactMap { index in
        guard let item = g_list_model_get_item(toplevels, index) else { return nil }
        g_object_unref(item)
        return MessageDialog.cast(item.assumingMemoryBound(to: GtkWidget.self))
    }.filter { $0.transientFor?.pointer == parent.pointer }
}
