import Foundation
import Localization
import Reactive
import ViewModelKit

/// The to-do list (TodoMVC's app-spec): add, check, edit in place, delete, mark all, filter,
/// clear completed; the to-dos and the filter kept in a file. It knows no widget: the list is a
/// `SourceCache` filtered by the latest filter (`filter(where:)`) and sorted by id, which the
/// window binds to its list view; the rest are properties and commands.
@MainActor
public final class TodoListViewModel: ViewModel {
    /// The new to-do's title, as typed.
    public let newTitle = MutableProperty("")
    /// Which to-dos the list shows.
    public let filter = MutableProperty(TodoFilter.all)
    /// The id of the to-do being edited in place, if any.
    public let editing = MutableProperty<Int?>(nil)
    /// Every to-do, in the order they were added.
    public let todos = MutableProperty<[Todo]>([])
    /// The to-dos the filter lets through, in order, as positional changes for the list view.
    public let rows: SignalProducer<IndexedChangeSet<Todo>, Never>
    /// `N items left`, in the user's language and plural.
    public lazy var itemsLeft = todos.map(onMainActor: { Self.itemsLeft($0.count { !$0.completed }) })
    public lazy var isEmpty = todos.map { $0.isEmpty }
    public lazy var hasCompleted = todos.map { $0.contains { $0.completed } }
    public lazy var allCompleted = todos.map { !$0.isEmpty && $0.allSatisfy { $0.completed } }
    private let cache = SourceCache<Int, Todo>(key: { $0.id })
    private let store: JSONFileStore<TodoFile>
    private var nextID = 1
    /// Until the file is read, Enter adds nothing (the typed title stays in the entry).
    private var isLoaded = false

    /// A list kept in `store`, whose answers arrive on `scheduler` (the main loop; a test's).
    public init(store: JSONFileStore<TodoFile>, scheduler: any Scheduler) {
        self.store = store
        rows = cache.connect()
            .filter(where: filter.producer.map { $0.includes })
            .sort(by: { $0.id < $1.id })
        super.init(title: tr("Todos"))
        store.load().observe(on: scheduler).observe(with: self) { $0.loaded($1) }
        store.failures.observe(on: scheduler).observe(with: self) { model, _ in model.show(notice: tr("Your to-dos could not be saved.")) }
        filter.signal.observe(with: self) { model, _ in model.save() }
    }

    /// `Delete <title>`: the delete button's accessible name.
    public static func deleteName(_ title: String) -> String { tr("Delete {0}", title) }

    static func itemsLeft(_ count: Int) -> String { tr("{0} item left", plural: "{0} items left", count: count) }

    /// Adds the typed title, trimmed, as a new to-do (nothing when it is blank) and clears it.
    public func add() {
        guard isLoaded, nextID <= Todo.maximumID else { return }
        let title = Self.trimmed(newTitle.value)
        newTitle.value = ""
        guard !title.isEmpty else { return }
        edit { $0.addOrUpdate(Todo(id: nextID, title: title)) }
        nextID += 1
    }

    public func setCompleted(_ id: Int, _ completed: Bool) { update(id) { $0.completed = completed } }
    public func delete(_ id: Int) { edit { $0.remove(id) } }
    public func clearCompleted() { edit { editor in todos.value.filter(\.completed).forEach { editor.remove($0.id) } } }

    /// Checks every to-do, or unchecks every one.
    public func setAllCompleted(_ completed: Bool) {
        edit { editor in todos.value.filter { $0.completed != completed }.forEach { editor.addOrUpdate(Todo(id: $0.id, title: $0.title, completed: completed)) } }
    }

    public func beginEdit(_ id: Int) { editing.value = id }
    public func cancelEdit() { editing.value = nil }

    /// Ends the edit of `id` with `title`, trimmed: an empty title deletes the to-do.
    public func commitEdit(_ id: Int, title: String) {
        guard editing.value == id else { return }
        editing.value = nil
        let title = Self.trimmed(title)
        if title.isEmpty { delete(id) } else { update(id) { $0.title = title } }
    }

    private func loaded(_ file: StoredFile<TodoFile>) {
        isLoaded = true
        if case let .loaded(file) = file {
            // The to-dos first: each save writes the whole list, never an empty one over it.
            nextID = (file.todos.map(\.id).max() ?? 0) + 1
            edit { editor in file.todos.forEach { editor.addOrUpdate($0) } }
            filter.value = file.filter
        } else if case let .damaged(_, kept) = file {
            show(notice: tr("Your to-dos could not be read; the file was kept as {0}.", kept?.lastPathComponent ?? store.url.lastPathComponent))
        }
    }

    private func update(_ id: Int, _ change: (inout Todo) -> Void) {
        guard var todo = cache.lookup(id) else { return }
        change(&todo)
        edit { $0.addOrUpdate(todo) }
    }

    private func edit(_ body: (inout SourceCache<Int, Todo>.Editor) -> Void) {
        cache.edit(body)
        todos.value = cache.items.sorted { $0.id < $1.id }
        save()
    }

    /// Writes the list and the filter; nothing before the file is read (it would be lost).
    private func save() { if isLoaded { store.save(TodoFile(todos: todos.value, filter: filter.value)) } }

    private static func trimmed(_ title: String) -> String {
        String(title.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Todo.maximumTitleLength))
    }
}
