import GtkReactive
import Reactive

/// One to-do's widgets (`todo-row.ui`), made once per list item and shown for one to-do after
/// another: its check button, its title and the in-place editor over it, its delete button; and
/// their events, each ending with the scope of the to-do the row shows.
@MainActor
final class TodoRowView: ListRowView {
    let layout = TodoRowLayout()
    var root: Widget { layout.row }
    /// The editor's text, read when an edit ends.
    var editedTitle: String { layout.editor.text }

    /// Shows a to-do: the check named by its title, the title struck through once done.
    func show(title: String, completed: Bool, deleteName: String, during scope: Lifetime) {
        layout.check.setAccessibleLabel(title)
        layout.editor.setAccessibleLabel(title)
        layout.delete.setAccessibleLabel(deleteName)
        layout.title.text = title
        layout.check.within(scope).reactive.isActive <~ SignalProducer(value: completed)
        layout.title.within(scope).reactive.cssClass("todo-done") <~ SignalProducer(value: completed)
    }

    /// Shows the editor, with the title in it and the focus, in the title's place; or the title.
    func isEditing(during scope: Lifetime) -> BindingTarget<Bool> {
        BindingTarget(mainActorLifetime: scope) { [layout] editing in
            let hadFocus = layout.editor.containsFocus
            layout.title.isVisible = !editing
            layout.editor.isVisible = editing
            if editing {
                layout.editor.text = layout.title.text
                _ = layout.editor.grabFocus()
            } else if hadFocus {
                _ = layout.row.grabFocus()  // keyboard users stay on the row
            }
        }
    }

    func toggled(during scope: Lifetime) -> SignalProducer<Bool, Never> { layout.check.within(scope).reactive.isActive.changes }
    func deletePressed(during scope: Lifetime) -> SignalProducer<Void, Never> { layout.delete.within(scope).reactive.clicked }

    /// A double click on the title, F2 in the row, Enter on the row (focusable, so the focused
    /// row is it and not GTK's list item around it) or on its check button (before the check
    /// button takes Enter to toggle; Space still toggles).
    func editRequested(during scope: Lifetime) -> SignalProducer<Void, Never> {
        let row = layout.row.within(scope)
        return .merge(layout.title.within(scope).reactive.pressed(count: 2), row.reactive.keyPressed("F2"), row.reactive.keyPressed("Return"),
                      layout.check.within(scope).reactive.keyPressed("Return", beforeWidget: true))
    }

    /// Enter in the editor, or the focus leaving it: the edit is saved.
    func editEnded(during scope: Lifetime) -> SignalProducer<Void, Never> {
        let editor = layout.editor.within(scope)
        return .merge(editor.reactive.activated, editor.reactive.hasFocus.skip(first: 1).filter { !$0 }.map { _ in () })
    }

    /// Escape in the editor: the edit is dropped.
    func editCancelled(during scope: Lifetime) -> SignalProducer<Void, Never> { layout.editor.within(scope).reactive.keyPressed("Escape") }
}
