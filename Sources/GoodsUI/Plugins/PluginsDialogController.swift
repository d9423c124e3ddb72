import GoodsViewModels
import GtkReactive
import Reactive
import ViewModelKit

/// Binds the 插件 dialog's ViewManager to its view model: it binds, it does not compute. Lives
/// while the dialog is open.
@MainActor
final class PluginsDialogController {
    let viewModel: PluginsViewModel
    let view: PluginsDialogViewManager

    init(viewModel: PluginsViewModel, parent: Widget) {
        self.viewModel = viewModel
        view = PluginsDialogViewManager(parent: parent)
        view.dialog.reactive.title <~ viewModel.title
        view.list.reactive.accessibleLabel <~ viewModel.title
        view.hint.reactive.text <~ viewModel.hint
        view.problems.reactive.text <~ Property(value: viewModel.problems)
        view.problems.reactive.isVisible <~ Property(value: viewModel.showsProblems)
        // Turning a quarantined plugin back on asks first, over the dialog, while it is open.
        view.lifetime += viewModel.confirmEnabling.handleWithDialogs(over: view.dialog)
        // The plugins are known when the dialog opens: one row each, in the view model's order.
        for (index, plugin) in viewModel.rows.value.enumerated() {
            let row = view.addRow()
            let current = viewModel.rows.map { $0[index] }
            row.row.reactive.accessibleLabel <~ current.map(\.name)
            row.name.reactive.text <~ current.map(\.name)
            row.detail.reactive.text <~ current.map(\.detail)
            row.status.reactive.text <~ current.map(\.status)
            row.status.reactive.cssClass("error") <~ current.map(\.isFailed)
            row.enabled.reactive.isActive <~ current.map(\.isEnabled)
            row.enabled.reactive.isSensitive <~ current.map(\.canToggle)
            row.enabled.reactive.accessibleLabel <~ current.map(\.switchName)
            row.enabled.reactive.toggled.startObserving(during: row.layout.lifetime) { [weak viewModel] isOn in
                viewModel?.setEnabled(isOn, id: plugin.id)
            }
        }
    }

    func present() { view.present() }
}
