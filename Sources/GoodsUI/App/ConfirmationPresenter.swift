import GtkReactive
import Localization
import Reactive
import ViewModelKit

/// Asks the user a view model's question (`NavigationRequest.confirm`) in libadwaita's message
/// dialog from `confirm.ui`, loaded when presented (a window in a layout is a toplevel from the
/// moment it is loaded): headed with the request's title (else its message, alone), the message
/// under it, the agreeing button labelled with the request's action (else the app's 确定) and
/// destructive unless the request says otherwise, 取消 the default and what Escape or closing
/// answers. Any answer closes it, and closing releases it.
@MainActor
final class ConfirmationPresenter {
    /// The dialogs still open, with the layouts that hold their widgets.
    private var open: [ObjectIdentifier: (dialog: MessageDialog, layout: ConfirmLayout, answers: Lifetime.Token)] = [:]

    /// The dialog last presented, while it is open (tests).
    var dialog: MessageDialog? { open.values.first?.dialog }

    /// How many dialogs are open.
    var openCount: Int { open.count }

    /// The responses of every dialog: agreeing, and declining (a button, Escape, closing).
    static let confirmResponse = "confirm"
    static let cancelResponse = "cancel"

    /// Shows `request` over `parent`. A `confirm.ui` that does not load is logged, and nothing
    /// is asked (nor done).
    func present(_ request: ConfirmationRequest, over parent: Window) {
        let layout = ConfirmLayout()
        guard layout.uiLayout.error == nil else { return }
        let dialog = MessageDialog(toplevel: layout.dialog.pointer)
        dialog.setParent(parent)
        if let title = request.title {
            dialog.heading = title
            dialog.body = request.message
        } else {
            // No title: the question alone heads the dialog, not repeated under it.
            dialog.heading = request.message
            dialog.body = ""
        }
        // The titles a view model leaves out are the app's: ViewModelKit holds no text.
        dialog.setResponse(Self.cancelResponse, label: request.cancelTitle ?? tr("取消"))
        dialog.setResponse(Self.confirmResponse, label: request.confirmTitle ?? tr("确定"),
                           appearance: request.isDestructive ? .destructive : .suggested)
        dialog.defaultResponse = Self.cancelResponse
        dialog.closeResponse = Self.cancelResponse
        // libadwaita closes the dialog before it answers a button: the answer is listened to
        // until it has come, not for the dialog's lifetime.
        let answers = Lifetime.make()
        let key = ObjectIdentifier(layout)
        dialog.reactive.responses.startObserving(during: answers.lifetime) { [weak self, weak dialog] response in
            if let dialog, dialog.isOpen { dialog.destroy() }
            self?.open[key] = nil
            if response == Self.confirmResponse { request.onConfirm() }
        }
        open[key] = (dialog, layout, answers.token)
        // Closed by the window closing (closeAll): nothing answers, its widgets go with the layout.
        dialog.lifetime.observeEnded { [weak self] in MainThread.run { [weak self] in self?.forget(key) } }
        dialog.present()
    }

    /// What the presenter schedules lives as long as it.
    private let scope = Lifetime.make()

    /// Lets go of dialog `key` after the main loop's current turn, once a button's answer (which
    /// comes after the close) has had its chance.
    private func forget(_ key: ObjectIdentifier) {
        SignalProducer<Void, Never>(value: ()).observe(on: MainLoopScheduler.shared)
            .startObserving(during: scope.lifetime) { [weak self] in self?.open[key] = nil }
    }

    /// Closes every open dialog (the window they belong to is closing).
    func closeAll() {
        for (dialog, _, _) in open.values where dialog.isOpen { dialog.destroy() }
        open = [:]
    }
}
