import CGtk
import Reactive
import ViewModelKit

/// One message dialog's answer, given once: a response (read by `answer`), the dialog or its
/// parent window closing without one, or the asking task's cancellation (both `dismissed`);
/// it closes the dialog if it is still open. The dialogs of every typed question
/// (`ConfirmationQuestion`, `ChoiceQuestion`, `TextQuestion`) are answered by it.
@MainActor
final class DialogAnswer<Output: Sendable> {
    private var dialog: MessageDialog?
    /// The window the dialog is over, watched for its closing.
    private var parent: Window?
    private var continuation: CheckedContinuation<Output, Never>?
    /// The answer a response gives.
    private let answer: @MainActor (String) -> Output
    /// The answer when the dialog goes without a response.
    private let dismissed: Output
    /// Listens to the responses until the answer: libadwaita closes the dialog before it
    /// answers a button, so they outlast the dialog's own lifetime.
    private var responses: Lifetime.Token?
    /// What is scheduled after the dialog closed.
    private let scope = Lifetime.make()

    init(_ dialog: MessageDialog, parent: Window?, dismissed: Output, answer: @escaping @MainActor (String) -> Output) {
        self.dialog = dialog
        self.parent = parent
        self.dismissed = dismissed
        self.answer = answer
    }

    /// Shows the dialog and waits for its answer; cancelling the waiting task closes the
    /// dialog, answered as dismissed.
    var value: Output {
        get async {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in start(continuation) }
            } onCancel: {
                GtkThread.run { self.finish(nil) }
            }
        }
    }

    private func start(_ continuation: CheckedContinuation<Output, Never>) {
        guard let dialog else { return continuation.resume(returning: dismissed) }
        self.continuation = continuation
        let responses = Lifetime.make()
        self.responses = responses.token
        dialog.reactive.responses.startObserving(during: responses.lifetime) { [weak self] response in
            self?.finish(response)
        }
        // Closed with no response (its parent closed): declined, once a button's response,
        // which comes after the close, has had its turn.
        dialog.lifetime.observeEnded { [weak self] in
            GtkThread.run { [weak self] in
                guard let self else { return }
                SignalProducer<Void, Never>(value: ()).observe(on: MainLoopScheduler.shared)
                    .startObserving(during: scope.lifetime) { [weak self] in self?.finish(nil) }
            }
        }
        // Its window closed (the app's window, with its screens): declined, and closed with it.
        parent?.lifetime.observeEnded { [weak self] in GtkThread.run { [weak self] in self?.finish(nil) } }
        dialog.present()
    }

    /// Ends with the answer of `response` (nil: dismissed), once.
    private func finish(_ response: String?) {
        guard let continuation else {
            // Cancelled before it was shown: nothing to answer, the dialog never opened.
            dialog = nil
            parent = nil
            return
        }
        self.continuation = nil
        let value = response.map(answer) ?? dismissed
        if let dialog {
            if dialog.isOpen { dialog.destroy() }
            // A dialog destroyed with its parent keeps, closed, GTK 4.8's pointer to that parent:
            // freed after it, it would disconnect from freed memory. Answered, it needs none.
            dialog.setParent(nil)
        }
        dialog = nil
        parent = nil
        responses = nil
        continuation.resume(returning: value)
    }
}

extension Window {
    /// The open window `widget` is in (or is), to show a dialog over; nil if there is none.
    static func open(containing widget: Widget) -> Window? {
        let root = Window.isInstance(widget.pointer) ? widget.pointer
            : gtk_widget_get_root(widget.pointer).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self) }
        guard let root, Window.isInstance(root) else { return nil }
        let window = Window(toplevel: root)
        return window.isOpen ? window : nil
    }
}

extension MessageDialog {
    /// Makes the dialog modal over `parent` (nil: none), closing with it.
    func makeModal(over parent: Window?) {
        setParent(parent)
        isModal = true
        gtk_window_set_destroy_with_parent(pointer.typed(GtkWindow.self), 1)
    }

    /// Heads the dialog with `title`, the message under it; with no title, the message heads it alone.
    func setQuestion(title: String?, message: String) {
        heading = title ?? message
        body = title == nil ? "" : message
    }
}
