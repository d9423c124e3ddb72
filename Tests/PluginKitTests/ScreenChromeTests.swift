import CGtk
import Foundation
import GtkReactive
import GtkTestSupport
import PluginKit
import Reactive
import Testing
import ViewModelKit

final class EchoModel: ViewModel {
    let text: MutableProperty<String>
    init(text: String = "") {
        self.text = MutableProperty(text)
        super.init(title: "Echo")
    }
}

/// The tutorial's controller, as it reads: its layout (generated from Fixtures/echo.ui) is its view.
final class EchoController: ScreenController<EchoModel, EchoLayout> {
    override func bind() {
        view.message.reactive.text <~> model.text
    }

    override var chrome: ScreenChrome {
        ScreenChrome(items: [ChromeItem(id: "send", place: .headerEnd, label: "Send", with: self) { $0.model.text.value = "" }])
    }
}

extension EchoLayout: ScreenView {}

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

    @Test func aScreenControllerShowsItsViewsPageAndBindsOnceThroughIt() throws {
        let model = EchoModel()
        var controller: EchoController? = EchoController(model, context: Self.context)
        let item: ChromeItem
        do {
            let shown = try #require(controller)
            #expect(shown.viewModel === model && shown.model === model)
            #expect(shown.view.uiLayout.error == nil)
            #expect(shown.page.pointer == shown.view.page.pointer, "the page is the view's")
            #expect(Box.isInstance(shown.page.pointer))
            #expect(shown.chrome.item("send")?.label == "Send")
            model.text.value = "hi"
            #expect(shown.view.message.text == "hi", "bound in bind(), through the typed outlet")
            item = try #require(shown.chrome.item("send"))
            item.perform(from: Button(label: ""))
            #expect(model.text.value == "", "the item's closure ran with the controller")
        }
        // The item holds the controller weakly: once the screen is gone a press does nothing.
        weak let released = controller
        controller = nil
        #expect(released == nil, "nothing the screen bound keeps its controller alive")
        model.text.value = "after"
        item.perform(from: Button(label: ""))
        #expect(model.text.value == "after")
    }

    @Test func anObservationWithTheControllerEndsWithItsView() throws {
        let model = EchoModel()
        var controller: EchoController? = EchoController(model, context: Self.context)
        var seen: [String] = []
        model.text.producer.observe(with: try #require(controller)) { _, text in seen.append(text) }
        model.text.value = "a"
        #expect(seen == ["", "a"], "the closure gets each value")
        controller = nil
        model.text.value = "b"
        #expect(seen == ["", "a"], "nothing runs once the screen is gone")
    }

    static var context: ScreenContext {
        ScreenContext(chrome: PluginLookupTests.Chrome(), pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/tmp")))
    }
}

/// A screen registered in one line: its route, and how the route's argument makes its view model.
@MainActor
@Suite("One line per screen", .serialized, .needsDisplay)
struct ScreenRegistrationTests {
    init() throws { try startGTK() }

    static let echo = RouteKey<String>("test.echo")

    @Test func aRouteOpensItsScreenShowingTheViewModelItsArgumentMakes() throws {
        let registry = PluginRegistry()
        let entry = registry.install(TestPlugin("echo") { registry in
            try registry.registerScreen(EchoController.self, route: Self.echo) { text, _ in
                text.isEmpty ? nil : EchoModel(text: text)
            }
            try registry.registerScreen(EchoController.self)
        })
        #expect(entry.error == nil)
        let context = ScreenChromeTests.context
        let controller = try #require(registry.controller(route: Self.echo, argument: "hello", in: context) as? EchoController)
        #expect(controller.model.text.value == "hello")
        #expect(controller.view.message.text == "hello", "made with init(_:context:), so bound")
        #expect(registry.controller(route: Self.echo, argument: "", in: context) == nil, "no view model, no screen")
        let model = EchoModel(text: "as it is")
        #expect(registry.controller(for: model, in: context)?.viewModel === model, "the screen for its model's type")
        let twice = registry.install(TestPlugin("again") { try $0.registerScreen(EchoController.self, route: Self.echo) { _, _ in nil } })
        #expect(twice.error == "registration failed: route test.echo is already registered by echo")
    }
}
