import GtkReactive
import Reactive
import TodoViewModels

/// The list's widgets (`todo.ui`): the entry, Mark all, the list, and the footer with the
/// count, the filter toggles and Clear completed; and the filter toggles' events. It knows no
/// view model.
@MainActor
final class TodoViewManager: ScreenView {
    let layout = TodoLayout()
    var page: Box { layout.page }
    var lifetime: Lifetime { layout.lifetime }
    /// What shows only while there are to-dos.
    var listParts: [Widget] { [layout.markAll, layout.scroller, layout.footer] }
    /// The filter toggles, one per filter.
    var filters: [(ToggleButton, TodoFilter)] { [(layout.all, .all), (layout.active, .active), (layout.completed, .completed)] }

    /// The filter the user picks (a toggle pressed in).
    var filterPicked: SignalProducer<TodoFilter, Never> {
        .merge(filters.map { button, filter in button.reactive.isActive.changes.filter { $0 }.map { _ in filter } })
    }
}
