import GtkReactive
import PluginKit
import Reactive
import TodoViewModels

/// Binds the to-do list's view to its view model, once, and each row to the to-do it shows
/// until it shows another. It binds; it computes nothing.
final class TodoController: ScreenController<TodoListViewModel, TodoViewManager> {
    override func bind() {
        let ui = view.layout, model = self.model
        ui.entry.reactive.text <~> model.newTitle
        ui.entry.reactive.activated.observe(with: self) { $0.model.add() }
        ui.markAll.reactive.isActive <~ model.allCompleted
        ui.markAll.reactive.isActive.changes.observe(with: self) { $0.model.setAllCompleted($1) }
        for part in view.listParts { part.reactive.isVisible <~ model.isEmpty.map { !$0 } }
        ui.itemsLeft.reactive.text <~ model.itemsLeft
        for (button, filter) in view.filters { button.reactive.isActive <~ model.filter.map { $0 == filter } }
        view.filterPicked.observe(with: self) { $0.model.filter.value = $1 }
        ui.clearCompleted.reactive.isVisible <~ model.hasCompleted
        ui.clearCompleted.reactive.clicked.observe(with: self) { $0.model.clearCompleted() }
        ui.list.reactive.items(model.rows, rows: ListRowHooks(setup: { TodoRowView() }, bind: { row, todo, scope in
            Self.bind(row, to: todo, model: model, during: scope)
        }))
    }

    /// Shows `todo` in `row` and sends the row's events about it to `model`, until `scope` ends.
    static func bind(_ row: TodoRowView, to todo: Todo, model: TodoListViewModel, during scope: Lifetime) {
        let id = todo.id
        row.show(title: todo.title, completed: todo.completed, deleteName: TodoListViewModel.deleteName(todo.title), during: scope)
        row.isEditing(during: scope) <~ model.editing.map { $0 == id }
        row.toggled(during: scope).observe(with: model) { $0.setCompleted(id, $1) }
        row.deletePressed(during: scope).observe(with: model) { $0.delete(id) }
        row.editRequested(during: scope).observe(with: model) { $0.beginEdit(id) }
        row.editEnded(during: scope).observe(with: model) { $0.commitEdit(id, title: row.editedTitle) }
        row.editCancelled(during: scope).observe(with: model) { $0.cancelEdit() }
    }

    override func didShow() { _ = view.layout.entry.grabFocus() }
}
