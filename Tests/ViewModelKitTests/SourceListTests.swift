import Dispatch
import Reactive
import Synchronization
import Testing
import ViewModelKit

/// A connection's change sets applied to a tree of their own, as a list binding applies them.
final class AppliedRows<Item: Sendable>: Sendable {
    private let state = Mutex((rows: CountedTree<Item>(), sets: [IndexedChangeSet<Item>]()))

    func take(_ set: IndexedChangeSet<Item>) {
        state.withLock { state in
            for change in set.changes { state.rows.apply(change) }
            state.sets.append(set)
        }
    }

    var rows: [Item] { state.withLock { Array($0.rows) } }
    var sets: [IndexedChangeSet<Item>] { state.withLock { $0.sets } }
}

/// What a change set says, comparable: `+3@2` inserts, `-@2` removes, `=@2` updates, `2>5` moves,
/// `reset(n)`.
func describe<Item>(_ set: IndexedChangeSet<Item>) -> [String] {
    set.changes.map { change in
        switch change {
        case let .insert(_, at): "+@\(at)"
        case let .remove(_, at): "-@\(at)"
        case let .update(_, _, at): "=@\(at)"
        case let .move(_, from, to): "\(from)>\(to)"
        case let .reset(rows): "reset(\(rows.count))"
        }
    }
}

@Suite("Source lists")
struct SourceListTests {
    @Test func aConnectionGetsTheItemsAsOneResetThenEachEditInOrder() {
        let list = SourceList(["a", "b"])
        let applied = AppliedRows<String>()
        list.connect().startWithValues { applied.take($0) }
        list.append(contentsOf: ["c", "d"])
        list.edit { editor in
            editor.move(from: 0, to: 3)
            editor.replace(at: 0, with: "B")
            editor.remove(at: 1)
        }
        #expect(applied.sets.map(describe) == [["reset(2)"], ["+@2", "+@3"], ["0>3", "=@0", "-@1"]])
        #expect(applied.sets.map(\.count) == [2, 4, 3])
        #expect(applied.rows == ["B", "d", "a"])
        #expect(Array(list.items) == ["B", "d", "a"])
    }

    @Test func positionsOutOfRangeAreIgnoredNotTrappedOn() {
        let list = SourceList([1, 2, 3])
        let applied = AppliedRows<Int>()
        list.connect().startWithValues { applied.take($0) }
        list.edit { editor in
            editor.insert(9, at: 4)
            editor.insert(9, at: -1)
            editor.remove(at: 3)
            editor.replace(at: -2, with: 0)
            editor.move(from: 0, to: 3)
        }
        #expect(applied.sets.count == 1, "an edit that changed nothing sends nothing")
        #expect(Array(list.items) == [1, 2, 3])
    }

    @Test func replacingEverythingIsOneResetAndEmptyingAnEmptyListIsNothing() {
        let list = SourceList<Int>()
        let applied = AppliedRows<Int>()
        list.connect().startWithValues { applied.take($0) }
        list.removeAll()
        list.replaceAll(with: 0..<5)
        list.removeAll()
        #expect(applied.sets.map(describe) == [["reset(0)"], ["reset(5)"], ["reset(0)"]])
        #expect(applied.rows.isEmpty)
    }

    @Test func anObserverThatEditsTheListGetsThatEditNext() {
        let list = SourceList<Int>()
        let applied = AppliedRows<Int>()
        let list2 = list
        list.connect().startWithValues { set in
            applied.take(set)
            // Each insert of an even number asks for the next one, from inside the delivery.
            if case let .insert(value, _)? = set.changes.last, value < 6, value.isMultiple(of: 2) {
                list2.append(contentsOf: [value + 1, value + 2])
            }
        }
        list.append(contentsOf: [0])
        #expect(applied.rows == Array(0...6))
        #expect(applied.sets.map(describe) == [["reset(0)"], ["+@0"], ["+@1", "+@2"], ["+@3", "+@4"], ["+@5", "+@6"]])
    }

    @Test func editsFromManyThreadsReachEveryConnectionWhole() {
        let list = SourceList<Int>()
        let early = AppliedRows<Int>()
        list.connect().startWithValues { early.take($0) }
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<250 {
                list.edit { editor in
                    editor.insert(thread * 1_000 + step, at: step % (editor.count + 1))
                    if step.isMultiple(of: 3), editor.count > 1 { editor.move(from: 0, to: editor.count - 1) }
                    if step.isMultiple(of: 5) { editor.remove(at: editor.count / 2) }
                }
            }
        }
        let late = AppliedRows<Int>()
        list.connect().startWithValues { late.take($0) }
        #expect(early.rows == Array(list.items), "every change set, in order, rebuilds the list")
        #expect(late.rows == Array(list.items))
        #expect(list.count == 8 * 250 - 8 * 50)
    }

    @Test func aDisposedConnectionGetsNothingMore() {
        let list = SourceList<Int>()
        let applied = AppliedRows<Int>()
        let run = list.connect().startWithValues { applied.take($0) }
        list.append(contentsOf: [1])
        run.dispose()
        list.append(contentsOf: [2])
        #expect(applied.rows == [1])
    }
}

@MainActor
@Suite("Paged list changes")
struct PagedListChangeTests {
    let scheduler = TestScheduler()

    /// What ListRowTests checks through GTK, from the view model alone: page 1 comes as one
    /// reset, each later page as its inserts at the end, a refresh as one reset again.
    @Test func pagesArriveAsTheChangesTheListShows() {
        let source = FakeSource(scheduler: scheduler, pages: 3)
        let list = PagedListViewModel<String>(perPage: 20) { page, perPage in
            source.fetch(page: page, perPage: page == 3 ? 5 : perPage)
        }
        let applied = AppliedRows<String>()
        list.itemChanges.startWithValues { applied.take($0) }
        list.refresh.apply().start()
        scheduler.advance(by: .milliseconds(750))
        list.loadMore.apply().start()
        scheduler.advance(by: .milliseconds(750))
        list.loadMore.apply().start()
        scheduler.advance(by: .milliseconds(750))
        #expect(applied.rows == Array(list.items.value))
        list.refresh.apply().start()
        scheduler.advance(by: .milliseconds(750))
        let sets = applied.sets.map(describe)
        #expect(sets.count == 5)
        #expect(sets[0] == ["reset(0)"] && sets[1] == ["reset(20)"] && sets[4] == ["reset(20)"])
        #expect(sets[2] == (20..<40).map { "+@\($0)" }, "page 2 is its own rows inserted at the end")
        #expect(sets[3] == (40..<45).map { "+@\($0)" })
        #expect(applied.rows == (0..<20).map { "p1-\($0)" })
    }
}
