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

/// The example plugins as `meson-helpers/run-tests.sh` builds them for this configuration.
enum ExamplePlugins {
    #if DEBUG
    static let configuration = "debug"
    #else
    static let configuration = "release"
    #endif
    static let built = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/\(configuration)/plugins")

    /// A private plugin folder holding the goods-detail example.
    static func folderWithDetail() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-ui-plugins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        for name in ["libgoods-detail.so", "goods-detail.plugin"] {
            let source = built.appendingPathComponent(name)
            try #require(FileManager.default.fileExists(atPath: source.path),
                         "\(source.path) is missing: build the plugins first (meson-helpers/build-plugins.sh \(configuration))")
            try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// The search path of just `folder`.
    static func searchPath(_ folder: URL) -> PluginSearchPath {
        PluginSearchPath(pluginDirectories: [folder.path], environment: [:],
                         dataDirectory: URL(fileURLWithPath: "/nonexistent"), prefixPluginDirectory: nil, host: GoodsDeskApp.pluginHost)
    }
}

@MainActor
func typeName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
    String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)))
}

/// The shortcuts on `widget`'s shortcut controllers, by trigger.
@MainActor
func shortcutActions(of widget: UnsafeMutablePointer<GtkWidget>) -> [String: OpaquePointer] {
    var actions: [String: OpaquePointer] = [:]
    let controllers = gtk_widget_observe_controllers(widget)
    defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
    for index in 0..<g_list_model_get_n_items(controllers) {
        guard let controller = g_list_model_get_item(controllers, index) else { continue }
        defer { g_object_unref(controller) }
        guard String(cString: g_type_name_from_instance(controller.assumingMemoryBound(to: GTypeInstance.self))) == "GtkShortcutController"
        else { continue }
        let shortcuts = OpaquePointer(controller)
        for position in 0..<g_list_model_get_n_items(shortcuts) {
            guard let shortcut = g_list_model_get_item(shortcuts, position) else { continue }
            defer { g_object_unref(shortcut) }
            let trigger = gtk_shortcut_trigger_to_string(gtk_shortcut_get_trigger(OpaquePointer(shortcut)))
            defer { g_free(trigger) }
            if let trigger, let action = gtk_shortcut_get_action(OpaquePointer(shortcut)) {
                actions[String(cString: trigger)] = action
            }
        }
    }
    return actions
}

/// The texts of the labels under `widget` that are set to show.
@MainActor
func labelTexts(under widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
    descendants(of: widget).filter { typeName($0) == "GtkLabel" && gtk_widget_get_visible($0) != 0 }
        .map { String(cString: gtk_label_get_text(grshim_label($0))) }
}

/// The plugin screens on a real (Xvfb) display: the goods-detail example loaded at run time, the
/// 插件 dialog, and menu actions.
@MainActor
@Suite("Plugin screens under a display", .serialized,
       .needsDisplay)
struct PluginScreenTests {
    let scheduler = TestScheduler()
    let services: LocalServices

    init() throws {
        try startGTK()
        let goods = (1...25).map { id in
            Goods(id: id, title: "商品\(id)", description: "商品\(id)的完整描述", price: id, originalPrice: 0, expressType: .fee,
                  expressFee: 8, count: 2, place: "杭州 西湖区", publishedAt: Date(), condition: 2,
                  images: [GoodsImage(id: 10 * id + 1, location: "images/\(id)-1.svg"), GoodsImage(id: 10 * id + 2, location: "images/\(id)-2.svg")],
                  seller: Seller(id: id, nickname: "卖家\(id)", avatar: nil, isVerified: true),
                  messages: 3, likes: 4, isLiked: false, hits: 0)
        }
        let pages = [GoodsPage(goods: Array(goods[0..<20]), currentPage: 1, lastPage: 2, perPage: 20),
                     GoodsPage(goods: Array(goods[20...]), currentPage: 2, lastPage: 2, perPage: 20)]
        let store = try GoodsStore.inMemory(importing: DataSet(pages: pages, banners: []))
        services = LocalServices(store: store, server: SimulatedServer(scheduler: scheduler), session: Session())
        services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
    }

    /// A window showing the goods list, with the built-in plugins and those in `pluginFolder`.
    func makeApp(pluginFolder: URL?) -> (AppWindow, Navigator, GoodsListController?) {
        let window = AppWindow(application: nil, options: .goodsDesk())
        let registry = PluginRegistry()
        let router = AppRouter(services: services, preferences: MemoryPreferences(), scheduler: scheduler)
        registry.install(LoginPlugin(router: router))
        registry.install(GoodsListPlugin(router: router))
        // The list is shown as the root view model it is (the app opens it by route).
        #expect(throws: Never.self) { try registry.registerScreen(GoodsListController.self) }
        if let pluginFolder {
            registry.loadExternalPlugins(
                from: ExamplePlugins.searchPath(pluginFolder), disabled: [], host: GoodsDeskApp.pluginHost, log: { Issue.record("\($0)") })
        }
        let context = ScreenContext(chrome: window, pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/nonexistent")))
        let navigator = Navigator(
            window: window,
            makeController: { registry.controller(for: $0, in: context) },
            openRoute: { registry.controller(route: $0, argument: $1, in: context) })
        let services = self.services
        navigator.handle(.resetToRoot(GoodsViewModel(
            goods: services, banners: services, likes: services, session: services.session, scheduler: scheduler)))
        let list = navigator.top as? GoodsListController
        list?.didShow()
        scheduler.advance(by: .seconds(2))
        return (window, navigator, list)
    }

    @Test func selectingARowOpensTheDetailPageFromTheLoadedPlugin() throws {
        var app: (AppWindow, Navigator, GoodsListController?)? = makeApp(pluginFolder: try ExamplePlugins.folderWithDetail())
        let (window, navigator, list) = try #require(app)
        let goods = try #require(list).model
        let row = goods.items.value[2]
        goods.select(row)
        try inspectDetailPage(window: window, navigator: navigator, row: row)

        // Back: the list again, and the detail page's controller and view model are freed.
        weak let detailController = navigator.top as AnyObject?
        weak let detailModel = navigator.top?.viewModel
        grshim_emit(window.back.pointer, "clicked")
        #expect(navigator.top is GoodsListController)
        #expect(detailController == nil && detailModel == nil, "leaving the detail page frees it")
        window.destroy()
        app = nil
    }

    /// Checks what the detail page shows, and its like button (no reference to the page is kept).
    func inspectDetailPage(window: AppWindow, navigator: Navigator, row: GoodsItemViewModel) throws {
    let detail = try #require(navigator.top)
    // The plugin's own view model (it moved out of GoodsViewModels into the plugin).
    #expect(String(reflecting: type(of: detail.viewModel)) == "GoodsDetailPlugin.GoodsDetailViewModel")
    #expect(detail.viewModel.title.value == "商品详情")
    #expect(String(cString: gtk_window_get_title(grshim_window(window.window.raw))) == "商品详情")
    #expect(gtk_widget_get_visible(window.back.pointer) != 0, "a back button leads to the list")
    let texts = labelTexts(under: detail.page.pointer)
    for expected in ["商品3", "商品3的完整描述", "卖家3", "已认证", "￥3", "运费 ¥8", "数量 2", "杭州 西湖区", "全新", "留言 3"] {
        #expect(texts.contains(expected), "the detail page shows \(expected): \(texts)")
    }

    // One large picture per image, as the plugin's ViewManager makes them.
    let pictures = descendants(of: detail.page.pointer).filter { typeName($0) == "GtkPicture" }
    #expect(pictures.count == 2 && row.images.count == 2)
    for picture in pictures {
        #expect(gtk_widget_has_css_class(picture, "detail-picture") != 0)
        var height: Int32 = 0
        gtk_widget_get_size_request(picture, nil, &height)
        #expect(height == 320)
    }
    // The plugin's own layout, which its library registered when the page opened, loads (its ids
    // and classes are checked where the plugin is built, by its typed layout).
    _ = try UIFile("goods-detail.ui", in: UIResourceBundle(registeredAt: "/plugins/io.github.goodsdesk.detail")).load()

    // The like button is the row's like: same state, same message, saved.
    let like = try #require(descendants(of: detail.page.pointer).first {
        typeName($0) == "GtkToggleButton" && String(cString: gtk_button_get_label(grshim_button($0))) == "♡ 4"
    })
    let toggle = UnsafeMutableRawPointer(like).assumingMemoryBound(to: GtkToggleButton.self)
    #expect(gtk_toggle_button_get_active(toggle) == 0, "not liked: not pressed in")
    grshim_emit(like, "clicked")
    scheduler.advance(by: .seconds(2))
    #expect(String(cString: gtk_button_get_label(grshim_button(like))) == "♥ 5")
    #expect(gtk_toggle_button_get_active(toggle) != 0, "liked: pressed in")
    #expect(row.isLiked.value)
    #expect(window.toastText == "收藏商品成功")
    }

    @Test func withoutTheDetailPluginSelectingARowSaysSo() throws {
        let (window, navigator, list) = makeApp(pluginFolder: nil)
        let goods = try #require(list).model
        goods.select(goods.items.value[0])
        #expect(navigator.top is GoodsListController, "nothing to open")
        #expect(window.toastText == "没有插件提供此页面（goods.detail）")
        window.destroy()
    }

    @Test func menuActionsRunFromTheirItemAndTheirShortcut() throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
        var runs = 0
        let item = window.addMenuItem("插件", accelerator: "<Control><Shift>p")
        item.events("clicked", during: window.lifetime).observeValues { MainActor.assumeIsolated { runs += 1 } }
        grshim_emit(item.pointer, "clicked")
        #expect(runs == 1)
        #expect(window.actions.menu.labels == ["刷新", "注销", "插件", "键盘快捷键", "关闭窗口", "退出"],
                "the item sits in the primary menu after 注销, before the window's closing items")
        let detailed = try #require(window.actions.menu.items.first { $0.label == "插件" }?.action)
        #expect(window.actions.accelerators[detailed] == ["<Control><Shift>p"])
        window.window.activateAction(named: String(detailed.dropFirst("win.".count)))
        #expect(runs == 2, "the menu item's action runs the item")
        // The shortcut is on the window, and runs the item.
        let shortcuts = shortcutActions(of: window.window.pointer)
        let action = try #require(shortcuts["<Shift><Control>p"], "shortcuts: \(shortcuts.keys)")
        gtk_shortcut_action_activate(action, GTK_SHORTCUT_ACTION_EXCLUSIVE, window.window.pointer, nil)
        #expect(runs == 3)
        window.destroy()
    }

    @Test func thePluginsDialogListsPluginsAndRemembersATurnedOffOne() throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
        let registry = PluginRegistry()
        registry.install(LoginPlugin(router: router))
        registry.loadExternalPlugins(
            from: ExamplePlugins.searchPath(try ExamplePlugins.folderWithDetail()), disabled: [], host: GoodsDeskApp.pluginHost, log: { _ in })
        registry.recordProblem("/p/bad.plugin: missing [Plugin] Module")
        let preferences = MemoryPreferences()
        let presenter = PluginsDialogPresenter(plugins: registry, preferences: preferences)
        presenter.show(in: ScreenContext(chrome: window, pictures: .nowhere))
        let dialog = try #require(presenter.dialog)
        #expect(String(cString: gtk_window_get_title(grshim_window(dialog.raw))) == "插件")
        let texts = labelTexts(under: dialog.pointer)
        for expected in ["登录", "商品详情", "已加载", "/p/bad.plugin: missing [Plugin] Module"] {
            #expect(texts.contains(expected), "the dialog shows \(expected): \(texts)")
        }
        #expect(texts.contains { $0.hasPrefix("版本 1.0 · /") && $0.hasSuffix("goods-detail.plugin") })
        #expect(texts.contains("版本 \(GoodsDeskApp.version) · 内置"))

        let switches = descendants(of: dialog.pointer).filter { typeName($0) == "GtkSwitch" }
        #expect(switches.count == 2)
        #expect(switches.map { gtk_widget_get_sensitive($0) != 0 } == [false, true], "built-in plugins stay on")
        gtk_switch_set_active(OpaquePointer(switches[1]), 0)
        #expect(preferences.disabledPlugins == ["io.github.goodsdesk.detail"])
        #expect(labelTexts(under: dialog.pointer).contains("下次启动时停用"))

        weak let model = presenter.viewModel
        gtk_window_destroy(grshim_window(dialog.raw))
        #expect(presenter.dialog == nil)
        #expect(model == nil, "closing the dialog frees its view model")
        window.destroy()
    }
}
