import CGtk
import Foundation
import GtkReactive
import GtkTestSupport
import PluginKit
import Reactive
import Testing
import ViewModelKit

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

/// What a controller declares of the window's chrome (`Controller.chrome`).
@MainActor
@Suite("Screen chrome", .serialized,
       .needsDisplay)
struct ScreenChromeTests {
    init() throws { try startGTK() }

    @Test func aChromeThatDeclaresNothingHasTheViewModelsTitleAndNoItems() {
        let chrome = ScreenChrome()
        #expect(chrome.title == nil, "nil: the navigator binds the view model's title")
        #expect(chrome.items.isEmpty)
        #expect(chrome.showsBack)
        #expect(!chrome.isBusy.value)
    }

    @Test func itemsRunTheirActionOrClosure() {
        var runs = 0
        let item = ChromeItem(id: "x", place: .menu, label: "X") { runs += 1 }
        let button = Button(label: "X")
        #expect(item.action == nil && item.widget == nil)
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
