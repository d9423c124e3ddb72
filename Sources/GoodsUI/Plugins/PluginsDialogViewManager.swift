import CGtk
import GtkReactive
import GtkShim
import Reactive
import Localization

/// The 插件 dialog's widgets: one row per plugin (name, details, status, an on/off switch), the
/// problems that belong to no plugin, and a hint. It owns their events; it knows no view model.
@MainActor
final class PluginsDialogViewManager {
    /// One plugin's row.
    struct Row {
        /// The list row, named after its plugin for screen readers.
        let row: Widget
        let name: Widget
        let detail: Widget
        let status: Widget
        let enabled: Widget
    }

    let dialog: Widget
    let rows: [Row]
    private let problems: Widget
    private let token = Lifetime.make().token

    /// Ends when the view manager is released.
    var lifetime: Lifetime { token.lifetime }

    init(parent: Widget, title: String, hint: String, rowCount: Int) {
        var built = goods_plugins_dialog_new(goods_window(parent.raw), title, hint)
        dialog = Widget(toplevel: built.dialog)
        problems = Widget(built.problems)
        rows = (0..<rowCount).map { _ in
            let row = goods_plugins_dialog_add_row(&built)
            return Row(row: Widget(row.row), name: Widget(row.name), detail: Widget(row.detail), status: Widget(row.status), enabled: Widget(row.enabled))
        }
    }

    /// Row `index`'s accessible name.
    func rowName(_ index: Int) -> BindingTarget<String> {
        rows[index].row.target("accessible-label", during: lifetime) { goods_set_accessible_label($0, $1) }
    }

    /// Problems that belong to no plugin; hidden when empty.
    var problemsText: BindingTarget<String> {
        problems.target("label", during: lifetime) { widget, text in
            gtk_label_set_text(goods_label(widget), text)
            gtk_widget_set_visible(widget, text.isEmpty ? 0 : 1)
        }
    }

    /// Row `index`'s switch: whether it is on, and whether it can be used.
    func switchState(_ index: Int) -> BindingTarget<(isOn: Bool, canToggle: Bool, name: String)> {
        rows[index].enabled.target("switch", during: lifetime) { widget, state in
            gtk_switch_set_active(OpaquePointer(widget), state.isOn ? 1 : 0)
            gtk_widget_set_sensitive(widget, state.canToggle ? 1 : 0)
            goods_set_accessible_label(widget, tr("启用 {0}", state.name))
        }
    }

    /// Row `index`'s failed look.
    func failed(_ index: Int) -> BindingTarget<Bool> {
        rows[index].status.target("failed", during: lifetime) { widget, failed in
            if failed { gtk_widget_add_css_class(widget, "error") } else { gtk_widget_remove_css_class(widget, "error") }
        }
    }

    /// The user flipped row `index`'s switch; sends its new state.
    func switchToggled(_ index: Int) -> Signal<Bool, Never> {
        let handle = WidgetPointer(rows[index].enabled.pointer)
        return rows[index].enabled.events("notify::active", arguments: 1, during: lifetime).map { _ in
            MainActor.assumeIsolated { gtk_switch_get_active(OpaquePointer(handle.pointer)) != 0 }
        }
    }

    /// The dialog closed (Escape, its close button, `close()`).
    var destroyed: Signal<Void, Never> {
        let (signal, input) = Signal<Void, Never>.pipe()
        dialog.lifetime.observeEnded {
            input.send(value: ())
            input.sendCompleted()
        }
        return signal
    }

    func present() { gtk_window_present(goods_window(dialog.raw)) }

    func close() { gtk_window_destroy(goods_window(dialog.raw)) }
}
