@testable import AppShell
import CGtk
import Foundation
@testable import GoodsUI
import GtkReactive
import GtkTestSupport
import PluginKit
import Reactive
import Testing
import ViewModelKit

/// A list that opens its items beside it.
final class MasterModel: ViewModel, ListDetailPresenting {
    var detailPlaceholder: DetailPlaceholder { DetailPlaceholder(title: "选择一件商品", description: "详情在这里") }
    func open(_ title: String) { open(pushedScreen, ViewModel(title: title)) }
}

/// The window's panes: list | detail on a wide window, one at a time on a narrow one.
@MainActor
@Suite("The window's panes", .serialized,
       .needsDisplay)
struct PaneTests {
    init() throws {
        try startGTK()
    }

    func makeNavigator(_ window: AppWindow) -> Navigator {
        Navigator.showing(in: window) { PlainScreen($0) }
    }

    @Test func wideTheDetailStandsBesideTheListAndAnotherReplacesIt() throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
        let navigator = makeNavigator(window)
        window.setWide(true)
        let list = MasterModel(title: "首页")
        navigator.handle(.resetToRoot(list))
        #expect(window.detailPane.isVisible && !window.isFolded, "a list that opens items beside it: two panes")
        #expect(window.placeholder.title == "选择一件商品" && window.placeholder.descriptionText == "详情在这里")
        #expect(window.detailStack.visibleChildName == "placeholder", "nothing open yet: the placeholder")
        #expect(!window.back.isVisible)

        list.open("商品详情")
        try checkBeside(window, navigator, list)
        weak let firstController = navigator.top as AnyObject?
        weak let firstModel = navigator.top?.viewModel
        list.open("另一件")
        #expect(navigator.stack.count == 2, "the list's new item replaced the one beside it")
        #expect(navigator.top?.viewModel.title.value == "另一件")
        #expect(firstController == nil && firstModel == nil, "the replaced screen is freed")

        #expect(navigator.goBack(), "Escape closes the item beside the list")
        #expect(navigator.stack.count == 1 && window.detailStack.visibleChildName == "placeholder")
        #expect(!navigator.goBack(), "nothing left to close")
        window.destroy()
    }

    /// The item just opened stands beside the list (no reference to it is kept).
    func checkBeside(_ window: AppWindow, _ navigator: Navigator, _ list: MasterModel) throws {
        let first = try #require(navigator.top)
        #expect(first.viewModel.title.value == "商品详情")
        #expect(window.detailStack.contains(first.page) && !window.stack.contains(first.page), "in the detail pane")
        #expect(window.stack.contains(try #require(navigator.stack.first).page), "the list stays in the main pane")
        #expect(window.window.title == "商品详情" && window.detailTitle.text == "商品详情" && window.titleLabel.text == "首页")
        #expect(!window.back.isVisible, "beside the list: nothing to go back to in this fold")
        #expect(list.isActive && first.viewModel.isActive, "both show, both are active")
    }

    @Test func narrowTheDetailIsPushedAndBackReturnsToTheList() throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
        let navigator = makeNavigator(window)
        let list = MasterModel(title: "首页")
        navigator.handle(.resetToRoot(list))
        #expect(window.isFolded && window.leaflet.isVisibleChild(window.mainPane), "narrow: the list alone")
        list.open("商品详情")
        #expect(window.leaflet.isVisibleChild(window.detailPane), "the detail page instead of the list")
        #expect(window.back.isVisible && window.detailBackSlot.contains(window.back), "its back button, in its own header")
        #expect(!list.isActive && navigator.top?.viewModel.isActive == true, "only what shows is active")
        weak let detail = navigator.top?.viewModel
        window.back.click()
        #expect(navigator.stack.count == 1 && detail == nil, "back: the list, the detail freed")
        #expect(window.leaflet.isVisibleChild(window.mainPane) && window.backSlot.contains(window.back))
        #expect(list.isActive)

        // Widening with the detail open shows both; narrowing again, the detail alone.
        list.open("商品详情")
        window.setWide(true)
        #expect(!window.back.isVisible && list.isActive)
        window.setWide(false)
        #expect(window.back.isVisible && !list.isActive)
        window.destroy()
    }

    @Test func withoutAListThereIsOnePaneAsBefore() throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
        let navigator = makeNavigator(window)
        window.setWide(true)
        navigator.handle(.resetToRoot(ViewModel(title: "登录")))
        #expect(!window.detailPane.isVisible && window.mainPane.expandsHorizontally, "no list on the stack: the main pane alone")
        navigator.push(ViewModel(title: "Your first screen"))
        #expect(window.stack.contains(try #require(navigator.top).page) && window.back.isVisible)
        #expect(navigator.goBack() && navigator.stack.count == 1)
        window.destroy()
    }

    @Test func toastsAreQueuedAndTheLastOneIsKnown() {
        let window = AppWindow(application: nil, options: .goodsDesk())
        window.showToast("收藏商品成功")
        window.showToast("取消收藏商品")
        #expect(window.toastText == "取消收藏商品")
        let toasts = descendants(of: window.toasts.pointer).filter { typeName($0) == "AdwToastWidget" }
        #expect(toasts.count == 1, "one toast at a time, the next waits its turn")
        #expect(labelTexts(under: window.toasts.pointer).contains("收藏商品成功"))
        #expect(AppWindow.toastSeconds(of: "短") == 5 && AppWindow.toastSeconds(of: String(repeating: "长", count: 200)) == 10)
        window.destroy()
    }

    @Test func backSpaceIsTheTextFieldsWhileItHasTheFocus() {
        let window = Window(title: "")
        let entry = Entry()
        gtk_window_set_child(UnsafeMutableRawPointer(window.pointer).assumingMemoryBound(to: GtkWindow.self), entry.pointer)
        window.setFocus(entry)
        #expect(window.focusTakesText)
        window.setFocus(nil)
        #expect(!window.focusTakesText)
        window.destroy()
    }
}
