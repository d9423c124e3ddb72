import CGtk
import Foundation
import GoodsDomain
import GoodsUI
import GoodsViewModels
import GtkReactive
import GtkShim
import PluginKit
import Reactive
import Testing
import ViewModelKit

/// The web plugin on a real (Xvfb) display: GoodsRoutes.web opens a WebKit page through the
/// plugin's typed WebView wrapper — the data set's own page loads, its <title> becomes the
/// window's, the progress bar ends hidden, 关闭 goes back; a page outside the data set never loads.
///
/// Opt-in (`GOODSDESK_WEBKIT_TESTS=1 swift test --filter WebPluginScreenTests`, under Xvfb): once a
/// process has used WebKit, WebKit's exit-time teardown aborts if `exit` runs off the main thread,
/// and swift-testing exits from a worker thread — so in the package's one test binary it would
/// take the whole run down after every test passed. The app exits on its main thread (no abort),
/// and UI scenarios 62 and 64 drive WebKit in the app by default.
@MainActor
@Suite("The web plugin under a display", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs a display: the README's test command runs it under Xvfb"),
       .enabled(if: ProcessInfo.processInfo.environment["GOODSDESK_WEBKIT_TESTS"] == "1",
                "opt-in: WebKit aborts at exit off the main thread (see above)"))
struct WebPluginScreenTests {
    static let dataSet = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data/dataset")
    let scheduler = TestScheduler()
    let services: LocalServices

    init() throws {
        try #require(gtk_init_check() != 0)
        let store = try GoodsStore.inMemory(importing: DataSet(pages: [GoodsPage(goods: [], currentPage: 1, lastPage: 1, perPage: 20)], banners: []))
        services = LocalServices(store: store, server: SimulatedServer(scheduler: scheduler), session: Session())
        services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
    }

    /// A plugin folder with the web plugin.
    static func folderWithWeb() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-web-plugin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        for name in ["libweb.so", "web.plugin"] {
            let source = ExamplePlugins.built.appendingPathComponent(name)
            try #require(FileManager.default.fileExists(atPath: source.path),
                         "\(source.path) is missing: build the plugins first (meson-helpers/build-plugins.sh \(ExamplePlugins.configuration))")
            try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// A window on the goods list, with the web plugin loaded and the data set's folder for pages.
    func makeApp() throws -> (AppWindow, Navigator, PluginRegistry) {
        let window = AppWindow(application: nil)
        let registry = PluginRegistry()
        registry.install(LoginPlugin())
        registry.install(GoodsListPlugin())
        registry.loadExternalPlugins(from: ExamplePlugins.searchPath(try Self.folderWithWeb()), disabled: [], log: { Issue.record("\($0)") })
        let context = ScreenContext(chrome: window, pictures: PictureLocator(dataSetDirectory: Self.dataSet))
        let navigator = Navigator(
            window: window,
            makeController: { registry.controller(for: $0, in: context) },
            openRoute: { registry.controller(route: $0, argument: $1, in: context) })
        let services = self.services
        navigator.handle(.resetToRoot(GoodsViewModel(
            goods: services, banners: services, likes: services, session: services.session, scheduler: scheduler) { ViewModel() }))
        return (window, navigator, registry)
    }

    /// Runs the main loop until `done` or `seconds` pass; whether `done` came true.
    @discardableResult
    func pump(for seconds: Double = 20, until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !done() && Date() < deadline { if g_main_context_iteration(nil, 0) == 0 { g_usleep(2_000) } }
        return done()
    }

    func windowTitle(_ window: AppWindow) -> String { String(cString: gtk_window_get_title(goods_window(window.window.raw))) }

    @Test func theDataSetsOwnPageLoadsWithItsTitleAndCloses() throws {
        let (window, navigator, registry) = try makeApp()
        #expect(registry.hasRoute(GoodsRoutes.web))
        navigator.handle(.open(Destination(GoodsRoutes.web, WebPage(address: "web/banner-2.html", title: "广告")), .push))
        try inspectLoadedPage(window: window, navigator: navigator)
        // 关闭 goes back to the list, and the page is freed.
        weak let controller = navigator.top as AnyObject?
        navigator.handle(.pop)
        #expect(navigator.top is GoodsListController)
        pump(for: 1) { controller == nil }
        #expect(controller == nil, "leaving the page frees it")
        window.destroy()
    }

    /// Checks the page on top as it loads (no reference to it is kept).
    func inspectLoadedPage(window: AppWindow, navigator: Navigator) throws {
        let page = try #require(navigator.top)
        #expect(String(reflecting: type(of: page.viewModel)) == "WebPlugin.WebPageViewModel")
        #expect(windowTitle(window) == "广告", "the banner's title until the page names itself")
        let web = try #require(descendants(of: page.page.pointer).first { typeName($0) == "WebKitWebView" })
        let bar = try #require(descendants(of: page.page.pointer).first { typeName($0) == "GtkProgressBar" })
        #expect(pump { windowTitle(window) == "数码焕新季" }, "the page's <title>: \(windowTitle(window))")
        #expect(pump { gtk_widget_get_visible(bar) == 0 }, "the progress bar hidden once loaded")
        #expect(gtk_widget_get_visible(web) != 0)
    }

    @Test func aPageOutsideTheDataSetNeverLoads() throws {
        let (window, navigator, _) = try makeApp()
        navigator.handle(.open(Destination(GoodsRoutes.web, WebPage(address: "../../Package.swift", title: "广告")), .push))
        let page = try #require(navigator.top)
        let texts = labelTexts(under: page.page.pointer)
        #expect(texts.contains { $0.contains("../../Package.swift") }, "the page says why: \(texts)")
        let web = try #require(descendants(of: page.page.pointer).first { typeName($0) == "WebKitWebView" })
        #expect(gtk_widget_get_visible(web) == 0, "no web view in place of the message")
        pump(for: 0.5) { false }
        #expect(windowTitle(window) == "广告")
        window.destroy()
    }
}
