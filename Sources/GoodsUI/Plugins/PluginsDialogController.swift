import GoodsViewModels
import GtkReactive
import Reactive

/// Binds the 插件 dialog's ViewManager to its view model. Lives while the dialog is open.
@MainActor
final class PluginsDialogController {
    let viewModel: PluginsViewModel
    let view: PluginsDialogViewManager

    init(viewModel: PluginsViewModel, parent: Widget) {
        self.viewModel = viewModel
        let rows = viewModel.rows.value
        view = PluginsDialogViewManager(
            parent: parent, title: PluginsViewModel.screenTitle, hint: PluginsViewModel.hint, rowCount: rows.count)
        let lifetime = view.lifetime
        view.problemsText <~ SignalProducer(value: viewModel.problems)
        for (index, row) in rows.enumerated() {
            let current = viewModel.rows.map { $0[index] }
            view.rows[index].name.labelText(during: lifetime) <~ current.map(\.name)
            view.rowName(index) <~ current.map(\.name)
            view.rows[index].detail.labelText(during: lifetime) <~ current.map(\.detail)
            view.rows[index].status.labelText(during: lifetime) <~ current.map(\.status)
            view.failed(index) <~ current.map(\.isFailed)
            view.switchState(index) <~ current.map { ($0.isEnabled, $0.canToggle, $0.name) }
            view.switchToggled(index).take(during: lifetime).observeValues { [weak viewModel] isOn in
                MainActor.assumeIsolated { viewModel?.setEnabled(isOn, id: row.id) }
            }
        }
    }

    func present() { view.present() }
}
