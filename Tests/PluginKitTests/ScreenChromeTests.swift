import CGtk
import Foundation
import GtkReactive
import PluginKit
import Reactive
import Testing
import ViewModelKit

/// A controller of the `HeaderButtons` days.
@available(*, deprecated, message: "tests the deprecated HeaderButtons")
@MainActor
final class OldStyleController: Controller {
    let page: Widget = Label("")
    let viewModel = ViewModel(title: "old")
    let headerButtons: HeaderButtons
    init(_ buttons: HeaderButtons) { headerButtons = buttons }
}

final class EchoModel: ViewModel {
    let text = MutableProperty("")
}

/// The tutorial's controller, as it reads (its layout generated from Fixtures/echo.ui).
final class EchoController: ScreenController<EchoModel, EchoLayout> {
    init(_ model: EchoModel) {
        super.init(model, layout: EchoLayout(), page: \.page)
        layout.message.reactive.text <~> model.text
    }

    override var chrome: ScreenChrome {
        ScreenChrome(items: [ChromeItem(id: "send", place: .headerEnd, label: "Send") { [weak model] in model?.text.value = "" }])
    }
}

/// What a controller declares of the window's chrome (`Controller.chrome`), and the default a
/// controller of the `HeaderButtons` days gets.
@MainActor
@Suite("Screen chrome", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs a display: the README's test command runs it under Xvfb"))
struct ScreenChromeTests {
    init() throws { try #require(gtk_init_check() != 0) }

    @Test func aControllerThatDeclaresNothingHasTheViewModelsTitleAndNoItems() {
        let chrome = FakeController(ViewModel(title: "t")).chrome
        #expect(chrome.title == nil, "nil: the navigator binds the view model's title")
        #expect(chrome.items.isEmpty)
        #expect(chrome.showsBack)
        #expect(!chrome.isBusy.value)
    }

    @available(*, deprecated, message: "tests the deprecated HeaderButtons")
    @Test func headerButtonsBecomeTheWindowsSlotsLeftToTheController() throws {
        let chrome = OldStyleController([.fill, .refresh, .logout, .back]).chrome
        #expect(chrome.items.map(\.id) == ["fill", "refresh", "logout"])
        #expect(chrome.items.map(\.place) == [.headerEnd, .headerEnd, .menu])
        #expect(chrome.item("refresh")?.accelerator == "F5|<Control>r", "refresh keeps its shortcut")
        #expect(chrome.items.allSatisfy { !$0.isBound }, "the controller connects their clicks itself")
        #expect(OldStyleController([]).chrome.items.isEmpty)
    }

    @Test func itemsRunTheirActionOrClosure() {
        var runs = 0
        let item = ChromeItem(id: "x", place: .menu, label: "X") { runs += 1 }
        let button = Button(label: "X")
        #expect(item.isBound && item.action == nil)
        item.perform(from: button)
        #expect(runs == 1)
        let enabled = MutableProperty(false)
        let action = Action<Void, Void, Never>(enabledIf: enabled) { _ in .empty }
        let bound = ChromeItem(id: "y", place: .headerEnd, icon: "view-refresh-symbolic", action: CocoaAction(action))
        #expect(bound.action?.isEnabled.value == false, "the item carries the action, whose state the button binds")
    }

    @Test func aScreenControllerShowsItsLayoutsPageAndBindsThroughTheLayout() {
        let model = EchoModel()
        let controller = EchoController(model)
        #expect(controller.viewModel === model)
        #expect(controller.layout.uiLayout.error == nil)
        #expect(controller.page.pointer == controller.layout.page.pointer, "the page is the outlet the key path names")
        #expect(Box.isInstance(controller.page.pointer))
        #expect(controller.chrome.item("send")?.label == "Send")
        model.text.value = "hi"
        #expect(controller.layout.message.text == "hi", "bound through the typed outlet")
        controller.chrome.item("send")?.perform(from: Button(label: ""))
        #expect(model.text.value == "", "the item's closure ran")
    }
}
