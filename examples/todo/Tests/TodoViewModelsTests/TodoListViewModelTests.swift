import Foundation
import Reactive
import ReactiveTesting
import Testing
import TodoViewModels
import ViewModelKit

/// The to-do list with no display, on virtual time: the file store's reads and writes and their
/// answers run when the test advances the scheduler.
@MainActor
@Suite("The to-do list")
struct TodoListViewModelTests {
    let scheduler = TestScheduler()
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("todo-\(UUID().uuidString)/todos.json")

    func makeModel() -> TodoListViewModel {
        let model = TodoListViewModel(store: JSONFileStore(url: url, io: scheduler), scheduler: scheduler)
        scheduler.advance()
        return model
    }

    func add(_ titles: String..., to model: TodoListViewModel) {
        for title in titles {
            model.newTitle.value = title
            model.add()
        }
    }

    /// The rows the list view shows now, from the change sets it would have received.
    func shown(_ model: TodoListViewModel) -> [String] {
        var rows = CountedTree<Todo>()
        let recorder = model.rows.recorded()
        for set in recorder.values { set.changes.forEach { rows.apply($0) } }
        recorder.stop()
        return rows.map(\.title)
    }

    @Test func enterAddsTheTrimmedTitleAndClearsTheEntryABlankOneAddsNothing() {
        let model = makeModel()
        add("  Buy milk  ", "   ", to: model)
        #expect(model.todos.value.map(\.title) == ["Buy milk"])
        #expect(model.newTitle.value == "")
        #expect(model.isEmpty.value == false)
    }

    @Test func theCounterIsPluralAndMarkAllFollowsTheList() {
        let model = makeModel()
        let counter = model.itemsLeft.producer.recorded()
        #expect(model.isEmpty.value && !model.allCompleted.value)
        add("a", "b", to: model)
        model.setCompleted(1, true)
        #expect(model.allCompleted.value == false)
        model.setAllCompleted(true)
        #expect(model.allCompleted.value && model.hasCompleted.value)
        model.setAllCompleted(false)
        #expect(counter.values == ["0 items left", "1 item left", "2 items left", "1 item left", "0 items left", "2 items left"])
    }

    @Test func aFilterShowsItsToDosAndACheckedOneLeavesActive() {
        let model = makeModel()
        add("a", "b", "c", to: model)
        model.filter.value = .active
        let recorder = model.rows.recorded()
        model.setCompleted(2, true)
        #expect(recorder.values.last.map { $0.count } == 2, "checked while Active shows: it leaves the list")
        #expect(shown(model) == ["a", "c"])
        model.filter.value = .completed
        #expect(shown(model) == ["b"])
        model.clearCompleted()
        #expect(model.todos.value.map(\.title) == ["a", "c"])
        #expect(!model.hasCompleted.value)
    }

    @Test func anEditSavesTheTrimmedTitleEscapeCancelsAndEmptyDeletes() {
        let model = makeModel()
        add("a", "b", to: model)
        model.beginEdit(1)
        #expect(model.editing.value == 1)
        model.commitEdit(1, title: "  A!  ")
        #expect(model.todos.value.map(\.title) == ["A!", "b"])
        model.commitEdit(1, title: "late")  // the focus leaving after Enter: no edit open
        #expect(model.todos.value.map(\.title) == ["A!", "b"])
        model.beginEdit(2)
        model.cancelEdit()
        model.commitEdit(2, title: "dropped")
        #expect(model.todos.value.map(\.title) == ["A!", "b"])
        model.beginEdit(2)
        model.commitEdit(2, title: "   ")
        #expect(model.todos.value.map(\.title) == ["A!"])
        #expect(TodoListViewModel.deleteName("A!") == "Delete A!")
    }

    @Test func theToDosAndTheFilterComeBackInTheNextRun() {
        let model = makeModel()
        add("a", "b", to: model)
        model.setCompleted(2, true)
        model.filter.value = .completed
        scheduler.advance()  // the writes
        let next = makeModel()
        #expect(next.todos.value == [Todo(id: 1, title: "a"), Todo(id: 2, title: "b", completed: true)])
        #expect(next.filter.value == .completed)
        add("c", to: next)
        #expect(next.todos.value.last?.id == 3, "ids go on after the file's")
    }

    /// Out of range: a negative id, and one whose successor would overflow (a crash, unchecked).
    @Test(arguments: ["-1", "9223372036854775807"])
    func aDamagedFileIsKeptAndTheListStartsEmptyWithAMessage(id: String) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"todos": [{"id": \#(id), "title": "x", "completed": false}], "filter": "all"}"#.utf8).write(to: url)
        let model = TodoListViewModel(store: JSONFileStore(url: url, io: scheduler), scheduler: scheduler)
        let notices = model.notices.recorded()
        scheduler.advance()
        #expect(model.todos.value.isEmpty)
        #expect(notices.values.count == 1)
        let kept = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(kept.contains { $0.hasPrefix("todos.json.damaged-") })
    }

    @Test func loadingNeverWritesALessCompleteListOverTheFile() throws {
        let model = makeModel()
        add("a", "b", to: model)
        model.filter.value = .active
        scheduler.advance()
        let saved = try Data(contentsOf: url)
        // A filter picked before the file is read must not save the empty list over it.
        let early = TodoListViewModel(store: JSONFileStore(url: url, io: scheduler), scheduler: scheduler)
        early.filter.value = .completed
        #expect(try Data(contentsOf: url) == saved)
        // Each save after the read holds the whole list.
        var writes: [TodoFile] = []
        while scheduler.step() {
            if let file = try? JSONDecoder().decode(TodoFile.self, from: Data(contentsOf: url)) { writes.append(file) }
        }
        #expect(!writes.isEmpty && writes.allSatisfy { $0.todos.map(\.title) == ["a", "b"] })
        #expect(early.todos.value.count == 2)
    }

    @Test func theModelIsFreedWithItsScreen() {
        weak var freed: TodoListViewModel?
        do {
            let model = makeModel()
            add("a", to: model)
            freed = model
        }
        scheduler.advance()
        #expect(freed == nil)
    }
}
