import CGtk
import Reactive
import ViewModelKit

extension MessageDialog {
    /// The response of a confirmation's agreeing button.
    public static let confirmResponse = "confirm"
    /// The response of a confirmation's declining button, and of Escape and closing.
    public static let cancelResponse = "cancel"

    /// Asks `confirmation` in a new message dialog, modal over `parent`'s window (nil: none),
    /// and answers whether the user agreed. The dialog is headed with its title (else its message,
    /// alone) over its message; the declining button is the default and what Escape or closing
    /// answers; the agreeing one is destructive unless the question says otherwise. Any answer
    /// closes the dialog; so does cancelling the asking task (it then answers false), or closing
    /// the parent window.
    public static func ask(_ question: ConfirmationQuestion, over parent: Widget?) async -> Bool {
        let window = parent.flatMap(Window.open(containing:))
        let dialog = MessageDialog(question, over: window)
        return await DialogAnswer(dialog, parent: window, dismissed: false) { $0 == confirmResponse }.value
    }

    /// A dialog that asks `question` (see `ask(_:over:)`), not yet shown.
    convenience init(_ question: ConfirmationQuestion, over parent: Window?) {
        self.init(heading: "", body: "", over: nil)
        setQuestion(title: question.title, message: question.message)
        makeModal(over: parent)
        setResponse(Self.cancelResponse, label: question.cancelTitle)
        setResponse(Self.confirmResponse, label: question.confirmTitle,
                    appearance: question.isDestructive ? .destructive : .suggested)
        defaultResponse = Self.cancelResponse
        closeResponse = Self.cancelResponse
    }
}

extension Interaction where Input == ConfirmationQuestion, Output == Bool {
    /// Answers this interaction's questions with message dialogs over `parent`'s window
    /// (`MessageDialog.ask`) until the registration is disposed: a screen registers it for its
    /// lifetime, `lifetime += viewModel.confirmLogout.handleWithDialogs(over: page)`, and a
    /// dialog still open when the screen goes closes unanswered.
    public func handleWithDialogs(over parent: Widget) -> any Disposable {
        handle { [weak parent] confirmation in await MessageDialog.ask(confirmation, over: parent) }
    }
}
