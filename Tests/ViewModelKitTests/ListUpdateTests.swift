import Reactive
import Synchronization
import Testing
import ViewModelKit

/// A list with holes: positions not loaded read nil (a windowed list's content).
struct SparseContent: ListContent {
    let count: Int
    let loaded: [Int: String]
    func element(at position: Int) -> String? { loaded[position] }
}

@Suite("List updates")
struct ListUpdateTests {
    @Test func anItemListIsListContent() {
        let items: ItemList<String> = ["a", "b", "c"]
        #expect(items.count == 3)
        #expect(items.element(at: 0) == "a")
        #expect(items.element(at: 2) == "c")
        #expect(items.element(at: 3) == nil, "past the end reads nil, it does not trap")
        #expect(items.element(at: -1) == nil)
        let appended = items.appending(contentsOf: ["d"])
        #expect(appended.element(at: 3) == "d")
        #expect(items.element(at: 3) == nil, "the earlier list still ends where it did")
    }

    @Test func eachEditIsTheSpliceItNames() {
        let twenty = ItemList((0..<20).map(String.init))
        let forty = twenty.appending(contentsOf: (20..<40).map(String.init))
        #expect(ListUpdate(content: forty, edit: .insert(20..<40)).splice(fromCount: 20)
                == ListSplice(position: 20, removed: 0, added: 20))
        #expect(ListUpdate(content: twenty, edit: .remove(5..<25)).splice(fromCount: 40)
                == ListSplice(position: 5, removed: 20, added: 0))
        #expect(ListUpdate(content: twenty, edit: .reload(3..<6)).splice(fromCount: 20)
                == ListSplice(position: 3, removed: 3, added: 3))
        #expect(ListUpdate.replacingAll(with: twenty).splice(fromCount: 45)
                == ListSplice(position: 0, removed: 45, added: 20))
        #expect(ListUpdate.replacingAll(with: twenty).splice(fromCount: 0)
                == ListSplice(position: 0, removed: 0, added: 20))
    }

    @Test func nothingChangedIsNoSplice() {
        let empty = ItemList<String>()
        #expect(ListUpdate.replacingAll(with: empty).splice(fromCount: 0) == nil)
        let three: ItemList<String> = ["a", "b", "c"]
        #expect(ListUpdate(content: three, edit: .insert(3..<3)).splice(fromCount: 3) == nil)
        #expect(ListUpdate(content: three, edit: .reload(1..<1)).splice(fromCount: 3) == nil)
    }

    /// An edit that does not fit what the view shows (a change the view never saw, a range past
    /// the end) must not leave it with the wrong number of rows: every row is replaced instead.
    @Test func anEditThatDoesNotFitReplacesEveryRow() {
        let five = ItemList((0..<5).map(String.init))
        #expect(ListUpdate(content: five, edit: .insert(2..<4)).splice(fromCount: 5)
                == ListSplice(position: 0, removed: 5, added: 5), "the count did not grow by the range")
        #expect(ListUpdate(content: five, edit: .insert(9..<11)).splice(fromCount: 3)
                == ListSplice(position: 0, removed: 3, added: 5), "inserted past the end")
        #expect(ListUpdate(content: five, edit: .remove(6..<10)).splice(fromCount: 9)
                == ListSplice(position: 0, removed: 9, added: 5), "removed past the end")
        #expect(ListUpdate(content: five, edit: .reload(3..<7)).splice(fromCount: 5)
                == ListSplice(position: 0, removed: 5, added: 5), "reloaded past the end")
        #expect(ListUpdate(content: five, edit: .reload(0..<2)).splice(fromCount: 4)
                == ListSplice(position: 0, removed: 4, added: 5), "a reload that changed the count")
    }

    @Test func sparseContentReadsNilWhereNotLoaded() {
        let content = SparseContent(count: 4, loaded: [0: "a", 3: "d"])
        #expect((0..<content.count).map(content.element(at:)) == ["a", nil, nil, "d"])
        let filled = SparseContent(count: 4, loaded: [0: "a", 1: "b", 2: "c", 3: "d"])
        #expect(ListUpdate(content: filled, edit: .reload(1..<3)).splice(fromCount: 4)
                == ListSplice(position: 1, removed: 2, added: 2))
    }

    @Test func aListChangeMapsToItsUpdate() {
        let first: ItemList<Int> = [1, 2]
        let appended = first.appending(contentsOf: [3, 4, 5])
        let append = ListChange(from: first, to: appended).update
        #expect(append.edit == .insert(2..<5))
        #expect(append.content == appended)
        #expect(ListChange(from: nil, to: first).update.edit == .replaceAll, "the first list replaces nothing shown")
        #expect(ListChange(from: appended, to: [9]).update.edit == .replaceAll, "a refresh replaces")
    }
}

@MainActor
@Suite("Paged list updates")
struct PagedListUpdateTests {
    let scheduler = TestScheduler()

    /// What ListRowTests checks through GTK, from the view model alone: the pages arrive as
    /// the splices [20,0,20] and [40,0,5], a refresh as [0,45,20].
    @Test func pagesArriveAsTheSplicesTheListShows() {
        let source = FakeSource(scheduler: scheduler, pages: 3)
        let list = PagedListViewModel<String>(perPage: 20) { page, perPage in
            source.fetch(page: page, perPage: page == 3 ? 5 : perPage)
        }
        let splices = Mutex<[ListSplice]>([])
        let shown = Mutex(0)
        list.itemUpdates.startWithValues { update in
            shown.withLock { count in
                if let splice = update.splice(fromCount: count) { splices.withLock { $0.append(splice) } }
                count = update.content.count
            }
        }
        list.refresh.apply().start()
        scheduler.advance(by: .milliseconds(750))
        list.loadMore.apply().start()
        scheduler.advance(by: .milliseconds(750))
        list.loadMore.apply().start()
        scheduler.advance(by: .milliseconds(750))
        list.refresh.apply().start()
        scheduler.advance(by: .milliseconds(750))
        #expect(splices.withLock { $0 } == [
            ListSplice(position: 0, removed: 0, added: 20), ListSplice(position: 20, removed: 0, added: 20),
            ListSplice(position: 40, removed: 0, added: 5), ListSplice(position: 0, removed: 45, added: 20),
        ])
    }
}
