import GtkReactive
import Reactive

/// The 插件 dialog's widgets, from `plugins-dialog.ui`, and one `plugin-row.ui` per plugin
/// (name, details, status, an on/off switch); the problems that belong to no plugin, and a
/// hint. Controllers bind through their `reactive` targets and signals; it knows no view model.
@MainActor
final class PluginsDialogViewManager: ScreenView {
    /// One plugin's row, from its own load of `plugin-row.ui`.
    struct Row {
        /// The loaded row file; the widgets below live as long as it.
        let layout: PluginRowLayout
        /// The list row itself, named after its plugin for screen readers.
        let row: ListBoxRow
        let name: Label
        let detail: Label
        let status: Label
        let enabled: Switch
    }

    /// The loaded `plugins-dialog.ui`.
    let layout: PluginsDialogLayout
    /// The dialog's window; its `lifetime` ends when it closes.
    let dialog: Window
    let list: ListBox
    let problems: Label
    let hint: Label
    private(set) var rows: [Row] = []
    /// Fires once, when the dialog closes (Escape, its close button, `close()`).
    let closed: Signal<Void, Never>

    /// Ends when the view manager (and so its layouts) is released.
    var lifetime: Lifetime { layout.lifetime }

    /// The page: the dialog.
    var page: Window { dialog }

    /// Loads the dialog; it shows on `present()`, over the window `keepAbove(_:)` names.
    init() {
        layout = PluginsDialogLayout()
        dialog = Window(toplevel: layout.dialog.pointer)
        list = layout.list
        problems = layout.problems
        hint = layout.hint
        let (closed, input) = Signal<Void, Never>.pipe()
        self.closed = closed
        dialog.lifetime.observeEnded {
            input.send(value: ())
            input.sendCompleted()
        }
    }

    /// Adds a row at the end of the list and returns its widgets.
    func addRow() -> Row {
        let file = PluginRowLayout()
        let row = Row(layout: file, row: file.row, name: file.name, detail: file.detail, status: file.status, enabled: file.enabled)
        list.append(row.row)
        rows.append(row)
        return row
    }

    /// Keeps the dialog over `parent` (the app's window).
    func keepAbove(_ parent: Widget) { dialog.transientFor = Window.cast(parent.pointer) }

    func present() { dialog.present() }

    func close() { dialog.destroy() }
}
