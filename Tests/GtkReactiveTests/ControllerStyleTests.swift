import CGtk
import GtkReactive
import GtkTestSupport
import Reactive
import TestSupport
import Testing

/// The API as a controller reads: an entry bound both ways to its view model, a label that
/// follows a derived value, a button running an action. No raw GTK call, no `during:`.
@MainActor
@Suite("A controller's bindings", .serialized, .needsDisplay)
struct ControllerStyleTests {
    init() throws {
        try startGTK()
    }

    /// The tutorial's view model: a message, its live character count, and a send action.
    final class MessageViewModel: Sendable {
        let message = MutableProperty("")
        let count: Property<String>
        let send: Action<Void, String, Never>

        init() {
            let message = self.message
            count = message.map { "\($0.count) 字" }
            send = Action(enabledIf: message.map { !$0.isEmpty }) { SignalProducer(value: message.value) }
        }
    }

    /// The controller: binds the view to the view model, once.
    @MainActor
    final class MessageController {
        let entry = Entry()
        let count = Label()
        let sendButton = Button(label: "发送")

        init(_ viewModel: MessageViewModel) {
            entry.reactive.text <~> viewModel.message
            count.reactive.text <~ viewModel.count
            sendButton.reactive.pressed = CocoaAction(viewModel.send)
        }
    }

    @Test func typingCountsAndSends() {
        let viewModel = MessageViewModel()
        let sent = Log<String>()
        viewModel.send.values.observeValues { sent.append($0) }
        let controller = MessageController(viewModel)
        #expect(controller.count.text == "0 字")
        #expect(!controller.sendButton.isSensitive, "nothing to send yet")

        controller.entry.text = "你好" // as the user types
        #expect(viewModel.message.value == "你好")
        #expect(controller.count.text == "2 字")
        #expect(controller.sendButton.isSensitive)

        controller.sendButton.click()
        #expect(sent.values == ["你好"])

        viewModel.message.value = ""
        #expect(controller.entry.text == "" && controller.count.text == "0 字" && !controller.sendButton.isSensitive)
    }
}
