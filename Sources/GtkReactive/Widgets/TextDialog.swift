import CGtk
import GtkShim
import Reactive
import ViewModelKit

extension MessageDialog {
    /// Asks `question` in a new message dialog with a text field under its message, modal over
    /// `parent`'s window (nil: none), and answers the text confirmed: the confirming button
    /// (and Enter in the field) is on only while the question accepts the text; declining,
    /// Escape, closing or cancelling the asking task answer nil.
    public static func ask(_ question: TextQuestion, over parent: Widget?) async -> String? {
        let window = parent.flatMap(Window.open(containing:))
        let dialog = MessageDialog(heading: "", body: "", over: nil)
        dialog.setQuestion(title: question.title, message: question.message)
        dialog.makeModal(over: window)
        dialog.setResponse(cancelResponse, label: question.cancelTitle)
        dialog.setResponse(confirmResponse, label: question.confirmTitle, appearance: .suggested)
        dialog.defaultResponse = confirmResponse
        dialog.closeResponse = cancelResponse
        let field = Entry()
        field.text = question.text
        field.setAccessibleLabel(question.title ?? question.message)
        let entry = field.pointer.typed(GtkEntry.self)
        gtk_entry_set_activates_default(entry, 1)
        gtk_entry_set_max_length(entry, Int32(clamping: question.maximumLength))
        if !question.placeholder.isEmpty { gtk_entry_set_placeholder_text(entry, question.placeholder) }
        dialog.extraChild = field
        let typing = Lifetime.make()
        field.textValues(during: typing.lifetime).startObserving(during: typing.lifetime) { [weak dialog] text in
            dialog?.setResponse(confirmResponse, enabled: question.accepts(text))
        }
        let answer = await DialogAnswer(dialog, parent: window, dismissed: nil) { response in
            response == confirmResponse && question.accepts(field.text) ? field.text : nil
        }.value
        typing.token.dispose()
        return answer
    }
}

extension Interaction where Input == TextQuestion, Output == String? {
    /// Answers this interaction's questions with text dialogs over `parent`'s window
    /// (`MessageDialog.ask`) until the registration is disposed, as `handleWithDialogs` does
    /// for confirmations.
    public func handleWithDialogs(over parent: Widget) -> any Disposable {
        handle { [weak parent] question in await MessageDialog.ask(question, over: parent) }
    }
}
