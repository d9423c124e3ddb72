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
import Reactive
import Testing
import ViewModelKit

/// The real screens on a real (Xvfb) display, with the real services over an in-memory store on
/// virtual time: what the controllers bind is what the widgets show.
@MainActor
@Suite("Screens under a display", .serialized,
       .needsDisplay)
struct ScreenTests {
    let scheduler = TestScheduler()
    let services: LocalServices
    let preferences = MemoryPreferences()
    /// The app router over `services`, as the app's: it builds the built-in screens' view models.
    let router: AppRouter

    init() throws {
        try startGTK()
        let goods = (1...45).map { id in
            Goods(id: id, title: "商品\(id)", description: "描述", price: id, originalPrice: 0, expressType: .free,
                  expressFee: 0, count: 1, place: "杭州 西湖区", publishedAt: Date(), condition: 1,
                  images: [], seller: Seller(id: 1, nickname: "卖家", avatar: nil, isVerified: true),
                  messages: 0, likes: 0, isLiked: false, hits: 0)
        }
        let pages = stride(from: 0, to: 45, by: 20).enumerated().map { index, start in
            GoodsPage(goods: Array(goods[start..<min(45, start + 20)]), currentPage: index + 1, lastPage: 3, perPage: 20)
        }
        let store = try GoodsStore.inMemory(importing: DataSet(pages: pages, banners: []))
        services = LocalServices(store: store, server: SimulatedServer(scheduler: scheduler), session: Session())
        router = AppRouter(services: services, preferences: preferences, scheduler: scheduler)
    }

    /// A window with the built-in screens and the app router's routes over the open services,
    /// showing the login screen, as the app starts once its store is open.
    func makeApp() -> (AppWindow, Navigator) {
        let window = AppWindow(application: nil, options: .goodsDesk())
        let registry = PluginRegistry()
        registry.install(LoginPlugin(router: router))
        registry.install(GoodsListPlugin(router: router))
        #expect(throws: Never.self) { try router.register(in: registry) }
        let navigator = Navigator(window: window, registry: registry,
                                  pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/nonexistent")))
        navigator.handle(router.firstScreen(opening: .never))
        return (window, navigator)
    }

    func text(_ widget: Widget) -> String { widget.editableText }

    @Test func fillShowsTheSampleAccountAndEnablesLogin() throws {
        let (window, navigator) = makeApp()
        let login = try #require(navigator.top as? LoginController)
        #expect(gtk_widget_get_sensitive(login.view.login.pointer) == 0, "登录 is disabled until both fields hold something")
        grshim_emit(window.fill.pointer, "clicked")
        #expect(text(login.view.phone) == "13874389438", "a programmatic set from the view model reaches the entry")
        #expect(text(login.view.code) == "5858")
        #expect(gtk_widget_get_sensitive(login.view.login.pointer) != 0)
        gtk_editable_set_text(grshim_editable(login.view.code.raw), "")
        #expect(login.model.verifyCode.value == "", "what the entry shows reaches the view model")
        #expect(gtk_widget_get_sensitive(login.view.login.pointer) == 0)
        window.destroy()
    }

    @Test func aWrongPhoneShowsTheSeedsToast() throws {
        let (window, navigator) = makeApp()
        let login = try #require(navigator.top as? LoginController)
        gtk_editable_set_text(grshim_editable(login.view.phone.raw), "123")
        gtk_editable_set_text(grshim_editable(login.view.code.raw), "5858")
        grshim_emit(login.view.login.pointer, "clicked")
        #expect(window.toastText == "请输入正确的手机号码")
        #expect(!window.isBusy)
        window.destroy()
    }

    @Test func loggingInShowsLoadingThenTheGoodsList() throws {
        let (window, navigator) = makeApp()
        let login = try #require(navigator.top as? LoginController)
        grshim_emit(window.fill.pointer, "clicked")
        grshim_emit(login.view.code.pointer, "activate")
        #expect(login.model.login.isExecuting.value && login.view.loginLabel.text == "登录中…", "登录 shows it is logging in")
        #expect(!window.isBusy, "no Loading... HUD blocks the window meanwhile")
        scheduler.advance(by: .seconds(1))
        #expect(!window.isBusy)
        #expect(navigator.top is GoodsListController)
        #expect(gtk_widget_get_visible(window.back.pointer) == 0, "the list replaced the login: nothing to go back to")
        window.destroy()
    }

    @Test func closingTheWindowFreesEveryControllerViewManagerAndViewModel() throws {
        var app: (AppWindow, Navigator)? = makeApp()
        weak let loginController = app?.1.top as? LoginController
        weak let loginModel = app?.1.top?.viewModel
        if let window = app?.0 { grshim_emit(window.fill.pointer, "clicked") }
        (app?.1.top as? LoginController)?.model.submit()
        scheduler.advance(by: .seconds(1))
        weak let goodsController = app?.1.top as? GoodsListController
        weak let goodsModel = app?.1.top?.viewModel
        let page = try #require(app?.1.top?.page.pointer)
        let pageRef = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)
        pageRef.initialize(to: GWeakRef())
        g_weak_ref_init(pageRef, page)
        #expect(loginController == nil && loginModel == nil, "the login screen went when the list replaced it")
        #expect(goodsController != nil && goodsModel != nil)
        scheduler.advance(by: .seconds(1))
        app?.0.destroy()
        app = nil
        scheduler.run()
        #expect(goodsController == nil, "controller freed")
        #expect(goodsModel == nil, "view model freed")
        #expect(g_weak_ref_get(pageRef) == nil, "the page's widgets (and their ViewManager) freed")
        g_weak_ref_clear(pageRef)
        pageRef.deallocate()
    }
}
