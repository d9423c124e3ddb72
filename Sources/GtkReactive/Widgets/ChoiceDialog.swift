import CGtk
import Reactive
import ViewModelKit

extension MessageDialog {
    /// The response of a choice's `index`th answer.
    public static func choiceResponse(_ index: Int) -> String { "choice-\(index)" }

    /// Asks `question` in a new message dialog, modal over `parent`'s window (nil: none), and
    /// answers the option picked: one button per choice, after the declining one, which is
    /// what Escape, closing, or cancelling the asking task answer (nil). The first choice is
    /// the default unless it is destructive.
    public static func ask<Option>(_ question: ChoiceQuestion<Option>, over parent: Widget?) async -> Option? {
        let window = parent.flatMap(Window.open(containing:))
        let dialog = MessageDialog(heading: "", body: "", over: nil)
        dialog.setQuestion(title: question.title, message: question.message)
        dialog.makeModal(over: window)
        dialog.setResponse(cancelResponse, label: question.cancelTitle)
        for (index, choice) in question.choices.enumerated() {
            let appearance: Appearance = choice.isDestructive ? .destructive : index == 0 ? .suggested : .default
            dialog.setResponse(choiceResponse(index), label: choice.label, appearance: appearance)
        }
        let safeFirst = question.choices.first.map { !$0.isDestructive } ?? false
        dialog.defaultResponse = safeFirst ? choiceResponse(0) : cancelResponse
        dialog.closeResponse = cancelResponse
        let values = question.choices.map(\.value)
        return await DialogAnswer(dialog, parent: window, dismissed: nil) { response in
            values.indices.first { choiceResponse($0) == response }.map { values[$0] }
        }.value
    }
}

extension Interaction {
    /// Answers this interaction's choices with message dialogs over `parent`'s window
    /// (`MessageDialog.ask`) until the registration is disposed, as `handleWithDialogs` does
    /// for confirmations.
    public func handleWithDialogs<Option>(over parent: Widget) -> any Disposable
    where Input == ChoiceQuestion<Option>, Output == Option? {
        handle { [weak parent] question in await MessageDialog.ask(question, over: parent) }
    }
}
