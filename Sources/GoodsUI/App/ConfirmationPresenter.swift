import GtkReactive
import Localization
import Reactive
import ViewModelKit

/// Asks the user a view model's question (`NavigationRequest.confirm`) in a modal dialog from
/// `confirm.ui`: loaded when presented (a window in a layout is a toplevel from the moment it
/// is loaded), titled with the message, with the request's button titles or the app's 确定 and
/// 取消. Either button, Escape or the window manager closes it, and closing releases it.
@MainActor
final class ConfirmationPresenter {
    /// The dialogs still open, with the layouts that hold their widgets.
    private var open: [ObjectIdentifier: (dialog: Window, layout: UILayout)] = [:]

    /// The dialog last presented, while it is open (tests).
    var dialog: Window? { open.values.first?.dialog }

    /// How many dialogs are open.
    var openCount: Int { open.count }

    /// Shows `request` over `parent`. A `confirm.ui` that does not load is logged, and nothing
    /// is asked (nor done).
    func present(_ request: ConfirmationRequest, over parent: Window) {
        let layout = UILayout.loading("confirm.ui", in: .module)
        guard layout.error == nil else { return }
        let dialog = Window(toplevel: layout[Window.self, "dialog"].pointer)
        dialog.setParent(parent)
        dialog.title = request.message
        layout[Label.self, "message"].text = request.message
        let confirm = layout[Button.self, "confirm"]
        let cancel = layout[Button.self, "cancel"]
        // The titles a view model leaves out are the app's: ViewModelKit holds no text.
        confirm.label = request.confirmTitle ?? tr("确定")
        cancel.label = request.cancelTitle ?? tr("取消")
        confirm.reactive.clicked.startObserving(during: dialog.lifetime) { [weak dialog] in
            dialog?.destroy()
            request.onConfirm()
        }
        cancel.reactive.clicked.startObserving(during: dialog.lifetime) { [weak dialog] in dialog?.destroy() }
        let key = ObjectIdentifier(layout)
        open[key] = (dialog, layout)
        // Closed, however it closed: its widgets go with the layout.
        dialog.lifetime.observeEnded { [weak self] in MainThread.run { [weak self] in self?.open[key] = nil } }
        dialog.present()
    }

    /// Closes every open dialog (the window they belong to is closing).
    func closeAll() {
        for (dialog, _) in open.values { dialog.destroy() }
        open = [:]
    }
}
