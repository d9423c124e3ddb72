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
        let window = parent.flatMap(openWindow(of:))
        let dialog = MessageDialog(question, over: window)
        let answer = DialogAnswer(dialog, parent: window)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in answer.start(continuation) }
        } onCancel: {
            GtkThread.run { answer.finish(false) }
        }
    }

    /// The open window `widget` is in (or is), watched for its closing; nil if there is none.
    private static func openWindow(of widget: Widget) -> Window? {
        let root = Window.isInstance(widget.pointer) ? widget.pointer
            : gtk_widget_get_root(widget.pointer).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self) }
        guard let root, Window.isInstance(root) else { return nil }
        let window = Window(toplevel: root)
        return window.isOpen ? window : nil
    }

    /// A dialog that asks `question` (see `ask(_:over:)`), not yet shown.
    convenience init(_ question: ConfirmationQuestion, over parent: Window?) {
        self.init(heading: question.title ?? question.message,
                  body: question.title == nil ? "" : question.message, over: nil)
        setParent(parent)
        isModal = true
        gtk_window_set_destroy_with_parent(pointer.typed(GtkWindow.self), 1)
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

/// One dialog's answer, given once: a response, the dialog or its parent window closing
/// without one, or the asking task's cancellation; it closes the dialog if it is still open.
@MainActor
private final class DialogAnswer {
    private var dialog: MessageDialog?
    /// The window the dialog is over, watched for its closing.
    private var parent: Window?
    private var continuation: CheckedContinuation<Bool, Never>?
    /// Listens to the responses until the answer: libadwaita closes the dialog before it
    /// answers a button, so they outlast the dialog's own lifetime.
    private var responses: Lifetime.Token?
    /// What is scheduled after the dialog closed.
    private let scope = Lifetime.make()

    init(_ dialog: MessageDialog, parent: Window?) {
        self.dialog = dialog
        self.parent = parent
    }

    func start(_ continuation: CheckedContinuation<Bool, Never>) {
        guard let dialog else { return continuation.resume(returning: false) }
        self.continuation = continuation
        let responses = Lifetime.make()
        self.responses = responses.token
        dialog.reactive.responses.startObserving(during: responses.lifetime) { [weak self] response in
            self?.finish(response == MessageDialog.confirmResponse)
        }
        // Closed with no response (its parent closed): declined, once a button's response,
        // which comes after the close, has had its turn.
        dialog.lifetime.observeEnded { [weak self] in
            GtkThread.run { [weak self] in
                guard let self else { return }
                SignalProducer<Void, Never>(value: ()).observe(on: MainLoopScheduler.shared)
                    .startObserving(during: scope.lifetime) { [weak self] in self?.finish(false) }
            }
        }
        // Its window closed (the app's window, with its screens): declined, and closed with it.
        parent?.lifetime.observeEnded { [weak self] in GtkThread.run { [weak self] in self?.finish(false) } }
        dialog.present()
    }

    func finish(_ agreed: Bool) {
        guard let continuation else {
            // Cancelled before it was shown: nothing to answer, the dialog never opened.
            dialog = nil
            parent = nil
            return
        }
        self.continuation = nil
        if let dialog {
            if dialog.isOpen { dialog.destroy() }
            // A dialog destroyed with its parent keeps, closed, GTK 4.8's pointer to that parent:
            // freed after it, it would disconnect from freed memory. Answered, it needs none.
            dialog.setParent(nil)
        }
        dialog = nil
        parent = nil
        responses = nil
        continuation.resume(returning: agreed)
    }
}
