import GoodsViewModels
import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// Binds the 插件 dialog's ViewManager to its view model: it binds, it does not compute. Lives
/// while the dialog is open (`PluginsDialogPresenter` keeps it); its page is the dialog, over
/// the context's window.
@MainActor
final class PluginsDialogController: ScreenController<PluginsViewModel, PluginsDialogViewManager> {
    override func bind() {
        view.keepAbove(context.chrome.windowWidget)
        view.dialog.reactive.title <~ model.title
        view.list.reactive.accessibleLabel <~ model.title
        view.hint.reactive.text <~ model.hint
        view.problems.reactive.text <~ Property(value: model.problems)
        view.problems.reactive.isVisible <~ Property(value: model.showsProblems)
        // Turning a quarantined plugin back on asks first, over the dialog, while it is open.
        lifetime += model.confirmEnabling.handleWithDialogs(over: view.dialog)
        // The plugins are known when the dialog opens: one row each, in the view model's order.
        for (index, plugin) in model.rows.value.enumerated() {
            let row = view.addRow()
            let current = model.rows.map { $0[index] }
            row.row.reactive.accessibleLabel <~ current.map(\.name)
            row.name.reactive.text <~ current.map(\.name)
            row.detail.reactive.text <~ current.map(\.detail)
            row.status.reactive.text <~ current.map(\.status)
            row.status.reactive.cssClass("error") <~ current.map(\.isFailed)
            row.enabled.reactive.isActive <~ current.map(\.isEnabled)
            row.enabled.reactive.isSensitive <~ current.map(\.canToggle)
            row.enabled.reactive.accessibleLabel <~ current.map(\.switchName)
            let id = plugin.id
            row.enabled.reactive.isActive.changes.observe(with: self) { $0.model.setEnabled($1, id: id) }
        }
    }

    func present() { view.present() }
}
