@testable import AppShell
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

/// A screen a test plugin provides.
@MainActor
final class RouteScreen: Controller {
    let page = Widget(gtk_label_new(""))
    let viewModel: ViewModel
    let chrome = ScreenChrome()
    let context: ScreenContext
    init(_ title: String, context: ScreenContext) {
        viewModel = ViewModel(title: title)
        self.context = context
    }
}

/// A plugin with one screen and the menu action that opens it, as the tutorial's.
@MainActor
final class EchoLikePlugin: Plugin {
    static let screen = RouteKey<Void>("org.example.echo.screen")
    static let note = RouteKey<String>("org.example.echo.note")
    let info = PluginInfo(id: "org.example.echo", name: "Echo", version: "1.0")
    func register(in registry: PluginRegistry) throws {
        try registry.registerRoute(Self.screen) { _, context in RouteScreen("Your first screen", context: context) }
        try registry.registerRoute(Self.note) { text, context in RouteScreen("note \(text)", context: context) }
        try registry.registerAction(AppAction(id: "echo.open", title: "Your first screen") { $0.navigator.open(Self.screen) })
    }
}

extension ScreenTests {
    /// The app's navigator over a registry with the built-in screens, the router's routes, and
    /// the echo-like plugin.
    func makeRoutedApp() throws -> (AppWindow, Navigator, AppRouter, PluginRegistry) {
        let window = AppWindow(application: nil, options: .goodsDesk())
        let registry = PluginRegistry()
        registry.install(AppPlugin { _ in })
        let services = self.services
        let router = AppRouter(preferences: preferences, scheduler: scheduler) { _ in services }
        registry.install(LoginPlugin(router: router))
        registry.install(GoodsListPlugin(router: router))
        try router.register(in: registry)
        #expect(registry.install(EchoLikePlugin()).error == nil)
        let navigator = Navigator(window: window, registry: registry,
                                  pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/nonexistent")))
        return (window, navigator, router, registry)
    }

    func title(_ window: AppWindow) -> String { String(cString: gtk_window_get_title(grshim_window(window.window.raw))) }

    @Test func theRouterTakesTheAppFromStartToLoginToTheListAndBackWithoutAnyViewModelBuildingAnother() throws {
        let (window, navigator, router, _) = try makeRoutedApp()
        let (opening, input) = Signal<StoreOpeningEvent, StoreError>.pipe()
        navigator.handle(router.firstScreen(opening: SignalProducer(opening)))
        #expect(navigator.top is StartController, "no services yet: the start screen opens the store")
        #expect(router.services == nil)
        input.send(value: .opened(services.store))
        scheduler.advance()
        #expect(router.services?.store === services.store, "the router holds the services once the store opened")
        let login = try #require(navigator.top as? LoginController)
        #expect(gtk_widget_get_visible(window.back.pointer) == 0, "the login replaced the start screen")
        guard case .open(let again, .replaceRoot) = router.firstScreen(opening: SignalProducer(opening)), again.isRoute(GoodsRoutes.login) else {
            Issue.record("once the store is open, a window starts at the login")
            return
        }

        grshim_emit(window.fill.pointer, "clicked")
        login.model.submit()
        scheduler.advance(by: .seconds(1))
        #expect(navigator.top is GoodsListController, "the login opened GoodsRoutes.list")
        #expect(gtk_widget_get_visible(window.back.pointer) == 0, "in place of the stack")

        // What a confirmed logout asks for (its request is tested headlessly).
        navigator.open(GoodsRoutes.login, as: .replaceRoot)
        #expect(navigator.top is LoginController)
        window.destroy()
    }

    @Test func anUnknownRouteShowsTheToastAndLeavesTheScreen() throws {
        let (window, navigator, router, _) = try makeRoutedApp()
        navigator.handle(router.firstScreen(opening: .never))
        let start = try #require(navigator.top)
        navigator.open(RouteKey<Void>("org.example.missing"))
        #expect(navigator.top === start)
        #expect(window.toastText == "没有插件提供此页面（org.example.missing）")
        navigator.open(GoodsRoutes.list, Account(phone: "13800138000", nickname: "n", avatar: nil))
        #expect(navigator.top === start, "a built-in route before the store is open finds no screen")
        #expect(window.toastText == "没有插件提供此页面（goods.list）")
        window.destroy()
    }

    @Test func aPluginsMenuActionOpensItsScreenAndItsScreensContextNavigatesOn() throws {
        let (window, navigator, router, registry) = try makeRoutedApp()
        navigator.handle(router.firstScreen(opening: .never))
        let action = try #require(registry.actions.first { $0.id == "echo.open" })
        action.perform(navigator.context)
        let echo = try #require(navigator.top as? RouteScreen)
        #expect(title(window) == "Your first screen")
        #expect(gtk_widget_get_visible(window.back.pointer) != 0, "pushed: there is a way back")

        // The screen's own context navigates: typed argument on, then back.
        echo.context.navigator.open(EchoLikePlugin.note, "hi")
        #expect(navigator.top?.viewModel.title.value == "note hi")
        echo.context.navigator.pop()
        #expect(navigator.top === echo)
        navigator.pop()
        #expect(navigator.top is StartController)
        window.destroy()
    }

    @Test func screensDoNotKeepTheNavigatorAlive() throws {
        var app: (AppWindow, Navigator, AppRouter, PluginRegistry)? = try makeRoutedApp()
        weak let navigator = app?.1
        app?.1.open(EchoLikePlugin.screen)
        weak let screen = app?.1.top
        #expect(screen != nil)
        let context = try #require((app?.1.top as? RouteScreen)?.context)
        app?.0.destroy()
        app = nil
        #expect(navigator == nil, "the context's link is weak")
        #expect(screen == nil)
        context.navigator.open(EchoLikePlugin.screen)   // does nothing, and does not trap
    }
}

extension PluginScreenTests {
    @Test func theRoutedListOpensTheDetailPluginsTypedRoute() throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
        let registry = PluginRegistry()
        let services = self.services
        let router = AppRouter(services: services, preferences: MemoryPreferences(), scheduler: scheduler)
        registry.install(LoginPlugin(router: router))
        registry.install(GoodsListPlugin(router: router))
        registry.loadExternalPlugins(from: ExamplePlugins.searchPath(try ExamplePlugins.folderWithDetail()), disabled: [], host: GoodsDeskApp.pluginHost, log: { Issue.record("\($0)") })
        #expect(registry.hasRoute(GoodsRoutes.detail))
        try router.register(in: registry)
        let navigator = Navigator(window: window, registry: registry,
                                  pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/nonexistent")))
        navigator.open(GoodsRoutes.list, try #require(services.session.account.value), as: .replaceRoot)
        let list = try #require(navigator.top as? GoodsListController)
        list.didShow()
        scheduler.advance(by: .seconds(2))
        let row = list.model.items.value[2]
        list.model.select(row)
        try inspectDetailPage(window: window, navigator: navigator, row: row)
        window.destroy()
    }
}
