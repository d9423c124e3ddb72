@testable import AppShell
import CGtk
import Foundation
@testable import GoodsUI
import GtkReactive
import GtkShim
import GtkTestSupport
import PluginKit
import Reactive
import Synchronization
import Testing
import ViewModelKit

/// A count that `@Sendable` closures (an Action's work) can add to.
final class Tally: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

/// A view model with what a screen's chrome binds: a refresh action (enabled on demand), a
/// busy state and a heading.
final class ChromedModel: ViewModel {
    let canRefresh = MutableProperty(true)
    let busy = MutableProperty(false)
    let heading = MutableProperty("第一页")
    let refreshes = Tally()
    private(set) lazy var refresh = Action<Void, Void, Never>(enabledIf: canRefresh) { [refreshes] _ in
        refreshes.add()
        return .empty
    }
}

/// A test screen's widgets: one menu item's layout (a button and its label).
@MainActor
final class MenuItemView: ScreenView {
    let layout = MenuItemLayout()
    var page: Button { layout.item }
    var lifetime: Lifetime { layout.lifetime }
    init() {}
}

/// The chrome of a screen made outside any window: no toasts, no links.
@MainActor
final class NoChrome: AppChrome {
    let windowWidget = Widget(gtk_label_new(""))
    let lifetime = Lifetime.never
    let isActive = SignalProducer<Bool, Never>(value: true)
    func showToast(_ message: String) {}
    func open(uri: String) {}
}

extension ScreenContext {
    /// A context outside any window, for test screens the navigator's closures make.
    static var detached: ScreenContext { ScreenContext(chrome: NoChrome(), pictures: .nowhere) }
}

extension PictureLocator {
    /// Pictures from a folder that does not exist: every picture shows its placeholder.
    static var nowhere: PictureLocator { PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/nonexistent")) }
}

/// A screen that declares its chrome, written as the tutorial's controller: the slot `refresh`
/// with an action and its shortcut, a header button and a menu item of its own.
final class ChromedScreen: ScreenController<ChromedModel, MenuItemView> {
    var shares = 0
    var exports = 0

    convenience init(_ model: ChromedModel) { self.init(model, context: .detached) }

    override func bind() {
        view.layout.label.reactive.text <~ model.heading
    }

    override var chrome: ScreenChrome {
        ScreenChrome(title: Property(model.heading), items: [
            ChromeItem(id: "refresh", place: .headerEnd, icon: "view-refresh-symbolic", accessibleName: "刷新",
                       accelerator: "F5|<Control>r", action: CocoaAction(model.refresh)),
            ChromeItem(id: "share", place: .headerEnd, icon: "emblem-shared-symbolic", accessibleName: "分享", with: self) {
                $0.shares += 1
            },
            ChromeItem(id: "export", place: .menu, label: "导出", accelerator: "<Control>e", with: self) {
                $0.exports += 1
            },
        ], isBusy: Property(model.busy))
    }
}

/// A screen that declares nothing: the view model's title, no items.
final class PlainScreen: ScreenController<ViewModel, MenuItemView> {
    convenience init(_ model: ViewModel) { self.init(model, context: .detached) }
}

/// The route tests push a view model's screen along: the app opens screens by route only.
let pushedScreen = RouteKey<ViewModel>("test.pushed")

extension Navigator {
    /// A navigator whose screens come from `screen`, for `.resetToRoot` and for `pushedScreen`.
    static func showing(in window: AppWindow, _ screen: @escaping @MainActor (ViewModel) -> (any Controller)?) -> Navigator {
        Navigator(window: window, makeController: screen) { name, argument in
            name == pushedScreen.name ? (argument as? ViewModel).flatMap(screen) : nil
        }
    }

    /// Pushes `viewModel`'s screen.
    func push(_ viewModel: ViewModel) { handle(.open(Destination(pushedScreen, viewModel))) }
}

/// The window's chrome as the navigator binds it from the top screen's declaration.
@MainActor
@Suite("The window's chrome", .serialized,
       .needsDisplay)
struct ChromeTests {
    init() throws {
        try startGTK()
    }

    func makeNavigator(_ window: AppWindow) -> Navigator {
        Navigator.showing(in: window) { viewModel in
            if let model = viewModel as? ChromedModel { return ChromedScreen(model) }
            return PlainScreen(viewModel)
        }
    }

    func title(_ window: AppWindow) -> String { window.window.title }

    /// The primary menu's items' labels, in order, sections flattened (what its popover shows).
    func menuTexts(_ window: AppWindow) -> [String] { window.actions.menu.labels }

    /// The window's own items around the screen's and the plugins' ones.
    static let windowItems = ["刷新", "注销"]
    static let closingItems = ["键盘快捷键", "关闭窗口", "退出"]

    func shortcut(_ window: AppWindow, containing trigger: String) -> OpaquePointer? {
        shortcutActions(of: window.window.pointer).first { $0.key.contains(trigger) }?.value
    }

    func press(_ action: OpaquePointer, in window: AppWindow) {
        gtk_shortcut_action_activate(action, GTK_SHORTCUT_ACTION_EXCLUSIVE, window.window.pointer, nil)
    }

    @Test func theTopScreensChromeIsBoundWhileItIsOnTopAndRemovedWhenItLeaves() throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
        let navigator = makeNavigator(window)
        _ = window.addMenuItem("插件")
        let model = ChromedModel(title: "unused: the chrome's title wins")
        navigator.handle(.resetToRoot(model))
        let screen = try #require(navigator.top as? ChromedScreen)

        #expect(title(window) == "第一页")
        model.heading.value = "第二页"
        #expect(title(window) == "第二页", "the title is bound, not read once")
        #expect(window.refresh.isVisible, "the slot refresh is the declared item's widget")
        #expect(!window.fill.isVisible && !window.logout.isVisible)
        #expect(window.headerEnd.childCount == 1 && window.headerEnd.isVisible, "分享 has no slot: a button of its own")
        #expect(menuTexts(window) == Self.windowItems + ["导出", "插件"] + Self.closingItems,
                "the screen's items after 注销, before the app's actions")
        #expect(window.actions.isEnabled("refresh") && !window.actions.isEnabled("logout"),
                "win.refresh is enabled while the screen declares refresh, win.logout is not declared")
        #expect(!window.back.isVisible, "the root has no way back")

        window.refresh.click()
        #expect(model.refreshes.value == 1, "the slot runs the item's action")
        model.canRefresh.value = false
        #expect(!window.refresh.isSensitive, "its sensitivity follows the action")
        model.canRefresh.value = true
        let shareButton = try #require(window.headerEnd.pointer.firstChild)
        let share = try #require(Button.cast(shareButton))
        share.click()
        #expect(screen.shares == 1)

        model.busy.value = true
        #expect(window.isBusy && window.stack.isSensitive, "busy: reported, and nothing blocks the window (no HUD)")
        model.busy.value = false
        #expect(!window.isBusy && window.stack.isSensitive)

        // Another screen on top: the first one's chrome goes, the new one's (none) comes.
        model.busy.value = true
        navigator.push(ViewModel(title: "详情"))
        #expect(title(window) == "详情", "a screen without a title of its own shows its view model's")
        #expect(!window.refresh.isVisible && window.refresh.isSensitive)
        #expect(window.headerEnd.childCount == 0 && !window.headerEnd.isVisible)
        #expect(menuTexts(window) == Self.windowItems + ["插件"] + Self.closingItems, "导出 left with its screen")
        #expect(!window.actions.isEnabled("refresh"), "no screen on top declares refresh")
        #expect(!window.isBusy, "the busy state is the top screen's: the one below is busy, not this one")
        #expect(window.back.isVisible)
        model.heading.value = "第三页"
        #expect(title(window) == "详情", "the screen below no longer sets the title")

        navigator.pop()
        #expect(title(window) == "第三页")
        #expect(window.refresh.isVisible && window.isBusy, "back on top: its chrome again")
        window.destroy()
    }

    @Test func shortcutsPressTheirItemOnlyWhileItIsShownAndEnabledAndGoWithTheScreen() throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
        let navigator = makeNavigator(window)
        #expect(window.actions.accelerators["win.refresh"] == ["F5", "<Control>r"], "刷新's keys are the window's")
        #expect(!window.actions.isEnabled("refresh"), "no screen declares refresh yet")
        let model = ChromedModel()
        navigator.handle(.resetToRoot(model))
        let screen = try #require(navigator.top as? ChromedScreen)

        // A window of no application: the accelerators are window shortcuts activating the actions.
        let refresh = try #require(shortcut(window, containing: "F5"), "shortcuts: \(shortcutActions(of: window.window.pointer).keys)")
        press(refresh, in: window)
        #expect(model.refreshes.value == 1, "F5 activates win.refresh, which presses refresh")
        model.canRefresh.value = false
        #expect(!window.actions.isEnabled("refresh"), "the action follows the item's sensitivity")
        press(refresh, in: window)
        window.actions.activate("refresh")
        #expect(model.refreshes.value == 1, "not while refresh is disabled")
        model.canRefresh.value = true
        #expect(window.actions.isEnabled("refresh"))
        #expect(window.actions.accelerators["win.screen-export"] == ["<Control>e"])
        let export = try #require(shortcut(window, containing: "<Control>e"))
        press(export, in: window)
        #expect(screen.exports == 1, "a menu item's shortcut runs it")
        window.actions.activate("screen-export")
        #expect(screen.exports == 2, "its action (the menu item's) runs it")

        navigator.push(ViewModel())
        #expect(shortcut(window, containing: "<Control>e") == nil && window.actions.accelerators["win.screen-export"] == nil,
                "the screen's shortcuts left with it")
        #expect(!window.window.hasAction(named: "screen-export"), "and its action")
        press(refresh, in: window)
        #expect(model.refreshes.value == 1 && !window.actions.isEnabled("refresh"), "F5 does nothing on a screen without refresh")
        window.destroy()
    }

    @Test func theWindowsCommandsAreActionsWithTheirAccelerators() throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
        #expect(window.menu.isPrimary, "F10 opens the menu")
        #expect(window.actions.accelerators["win.close"] == ["<Control>w"])
        #expect(window.actions.accelerators["win.show-help-overlay"] == ["<Control>question", "<Control>slash"])
        #expect(window.window.hasAction(named: "show-help-overlay"), "the window shows the shortcuts window")
        #expect(window.actions.shortcutsWindow == nil, "no shortcuts window (hidden or not) until asked for")
        window.window.activateAction(named: "show-help-overlay")
        let shortcuts = try #require(window.actions.shortcutsWindow)
        #expect(shortcuts.isOpen && gtk_window_get_transient_for(grshim_window(shortcuts.pointer)) == grshim_window(window.window.pointer))
        window.window.activateAction(named: "show-help-overlay")
        #expect(window.actions.shortcutsWindow === shortcuts, "asked again, the same window comes up")
        shortcuts.destroy()
        #expect(!shortcuts.isOpen, "closed, it is gone, not hidden")
        #expect(window.actions.accelerators["app.quit"] == nil, "no application, no app.quit")
        #expect(!window.actions.accelerators.values.contains { $0.contains { Accelerator.matches($0, "<Control>f") } },
                "Ctrl+F is kept for search")
        let navigator = makeNavigator(window)
        navigator.install([AppAction(id: "find", title: "查找", accelerator: "<Control>f|F3") { _ in }])
        #expect(window.actions.accelerators["win.action-find"] == ["F3"], "a plugin cannot take Ctrl+F")
        #expect(menuTexts(window).contains("查找"))
        // GTK closes only a realized window: one on screen.
        window.present()
        window.actions.activate("close")
        #expect(!window.isOpen, "win.close closes the window")
    }

    @Test func logoutIsEnabledOnlyWhileTheTopScreenDeclaresIt() throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
        var logouts = 0
        let navigator = Navigator.showing(in: window) { viewModel in
            if viewModel.title.value == "列表" { return LoggingOutScreen(viewModel) { logouts += 1 } }
            return PlainScreen(viewModel)
        }
        navigator.handle(.resetToRoot(ViewModel(title: "列表")))
        #expect(window.actions.isEnabled("logout"))
        window.actions.activate("logout")
        #expect(logouts == 1, "win.logout (the menu's 注销) presses the screen's 注销")
        navigator.push(ViewModel(title: "详情"))
        #expect(!window.actions.isEnabled("logout"), "the detail page declares no 注销")
        window.actions.activate("logout")
        #expect(logouts == 1)
        navigator.pop()
        #expect(window.actions.isEnabled("logout"), "back on the list: enabled again")
        window.destroy()
    }

    @Test func aNeverFocusedWindowCountsAsActiveAndLosingTheFocusPauses() throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
        let navigator = makeNavigator(window)
        let first = ChromedModel()
        navigator.handle(.resetToRoot(first))
        #expect(!window.window.isActive, "never presented: never focused")
        #expect(first.isActive, "a window that was never focused counts as active")
        navigator.windowFocusChanged(true)
        #expect(first.isActive)
        navigator.windowFocusChanged(false)
        #expect(!first.isActive, "once focused, losing the focus pauses the screen")
        let second = ViewModel()
        navigator.push(second)
        #expect(!second.isActive && !first.isActive, "a screen shown while the window is unfocused waits")
        navigator.windowFocusChanged(true)
        #expect(second.isActive && !first.isActive, "only the top one is active")
        window.destroy()
    }

    @Test func theActivityRule() {
        var activity = WindowActivity()
        #expect(activity.screenIsActive, "never focused")
        activity.focusChanged(false)
        #expect(activity.screenIsActive, "still never focused")
        activity.focusChanged(true)
        #expect(activity.screenIsActive)
        activity.focusChanged(false)
        #expect(!activity.screenIsActive, "lost the focus")
        activity.focusChanged(true)
        #expect(activity.screenIsActive)
    }

    @Test func errorsAndNoticesOfEveryScreenOnTheStackAreToasts() throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
        let navigator = makeNavigator(window)
        let list = ViewModel(title: "list")
        navigator.handle(.resetToRoot(list))
        list.show(error: "出错了")
        #expect(window.toastText == "出错了")
        let detail = ViewModel(title: "detail")
        navigator.push(detail)
        list.show(notice: "收藏商品成功")
        #expect(window.toastText == "收藏商品成功", "the list below the top still speaks")
        detail.show(notice: "详情")
        #expect(window.toastText == "详情")
        navigator.pop()
        detail.show(error: "gone")
        #expect(window.toastText == "详情", "a screen that left says nothing")
        window.destroy()
    }

    @Test func closingTheWindowFreesTheScreensAndTheButtonsMadeForTheirChrome() throws {
        GLibCriticals.install()
        let criticals = GLibCriticals.seen.load(ordering: .relaxed)
        var window: AppWindow? = AppWindow(application: nil, options: .goodsDesk())
        var navigator: Navigator? = window.map(makeNavigator)
        weak var model: ChromedModel?
        weak var screen: ChromedScreen?
        let share = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)
        share.initialize(to: GWeakRef())
        do {
            let made = ChromedModel()
            model = made
            navigator?.handle(.resetToRoot(made))
            screen = navigator?.top as? ChromedScreen
            g_weak_ref_init(share, try #require(window?.headerEnd.pointer.firstChild))
        }
        #expect(screen != nil)
        window?.destroy()
        #expect(screen == nil && model == nil, "closing the window ended the screen at once")
        #expect(g_weak_ref_get(share) == nil, "the header button made for it is gone")
        window = nil
        navigator = nil
        g_weak_ref_clear(share)
        share.deallocate()
        #expect(GLibCriticals.seen.load(ordering: .relaxed) == criticals, "no Gtk-CRITICAL")
    }
}

/// A screen that declares 注销 in the menu, as the goods list does.
final class LoggingOutScreen: ScreenController<ViewModel, MenuItemView> {
    private var logout: @MainActor () -> Void = {}

    convenience init(_ model: ViewModel, logout: @escaping @MainActor () -> Void) {
        self.init(model, context: .detached)
        self.logout = logout
    }

    override var chrome: ScreenChrome {
        ScreenChrome(items: [ChromeItem(id: "logout", place: .menu, label: "注销", with: self) { $0.logout() }])
    }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The widget's first child, if any.
    @MainActor var firstChild: UnsafeMutablePointer<GtkWidget>? { gtk_widget_get_first_child(self) }
}

extension AppWindow {
    /// GoodsDesk's slots (`ShellOptions.goodsDesk()`), as the tests press them; a missing one is
    /// a stand-in on no screen, so the checks on it fail rather than the test run.
    var fill: Button { slot("fill") ?? Button(label: "no fill slot") }
    var refresh: Button { slot("refresh") ?? Button(label: "no refresh slot") }
    var logout: Button { slot("logout") ?? Button(label: "no logout slot") }
}
