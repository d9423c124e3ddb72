import TestSupport
import Testing
import Reactive
import ViewModelKit
import Synchronization

/// The fake source's failure, worded as the app words a server that is down.
struct ServerDown: UserFacingError {
    var userMessage: String? { "呜呜，服务器不给力呀..." }
}

/// A paged source of numbered strings with virtual latency and scriptable failures.
final class FakeSource: Sendable {
    let scheduler: TestScheduler
    let pages: Int
    let perPageOverride: Int?
    private let failing = Mutex<Set<Int>>([])
    private let requested = Mutex<[Int]>([])

    init(scheduler: TestScheduler, pages: Int, perPage: Int? = nil) {
        self.scheduler = scheduler
        self.pages = pages
        self.perPageOverride = perPage
    }

    func fail(page: Int) { _ = failing.withLock { $0.insert(page) } }
    func heal(page: Int) { _ = failing.withLock { $0.remove(page) } }
    var requests: [Int] { requested.withLock { $0 } }

    func fetch(page: Int, perPage: Int) -> SignalProducer<Page<String>, PageLoadError> {
        let scheduler = self.scheduler
        let pages = self.pages
        let count = perPageOverride ?? perPage
        let fails = failing.withLock { $0.contains(page) }
        requested.withLock { $0.append(page) }
        let result: SignalProducer<Page<String>, PageLoadError> = fails
            ? SignalProducer(error: PageLoadError(ServerDown()))
            : SignalProducer(value: Page(
                items: page > pages ? [] : (0..<count).map { "p\(page)-\($0)" },
                number: page, lastPage: pages))
        return result.delay(.milliseconds(750), on: scheduler)
    }
}

@MainActor
@Suite("Paged list view model")
struct PagedListTests {
    let scheduler = TestScheduler()

    func makeList(pages: Int, perPage: Int = 3) -> (PagedListViewModel<String>, FakeSource) {
        let source = FakeSource(scheduler: scheduler, pages: pages)
        let list = PagedListViewModel<String>(perPage: perPage) { page, perPage in
            source.fetch(page: page, perPage: perPage)
        }
        return (list, source)
    }

    @Test func refreshLoadsPageOneAndReplaces() {
        let (list, source) = makeList(pages: 3)
        #expect(list.footer.value == .idle)
        list.refresh.apply().start()
        #expect(list.footer.value == .loading)
        scheduler.advance(by: .milliseconds(750))
        #expect(list.items.value == ["p1-0", "p1-1", "p1-2"])
        #expect(list.footer.value == .loadMore)
        list.loadMore.apply().start()
        scheduler.run()
        list.refresh.apply().start()
        scheduler.run()
        #expect(list.items.value == ["p1-0", "p1-1", "p1-2"], "page 1 replaces the list")
        #expect(list.loadedPage.value == 1)
        #expect(source.requests == [1, 2, 1])
    }

    @Test func loadMoreAppendsEachPageOnceInOrderUntilTheLast() {
        let (list, source) = makeList(pages: 3, perPage: 2)
        list.refresh.apply().start()
        scheduler.run()
        for _ in 0..<5 {
            list.loadMore.apply().start()
            list.loadMore.apply().start() // a second tap while loading is refused
            scheduler.run()
        }
        #expect(source.requests == [1, 2, 3], "no page skipped or repeated")
        #expect(list.items.value == ["p1-0", "p1-1", "p2-0", "p2-1", "p3-0", "p3-1"])
        #expect(list.footer.value == .noMore)
        #expect(!list.loadMore.isEnabled.value)
        #expect(list.lastPage.value == 3)
    }

    @Test func aFailedPageIsRetriedNotSkipped() {
        let (list, source) = makeList(pages: 3)
        let errors = Log<String>()
        list.errors.observeValues { errors.append($0) }
        list.refresh.apply().start()
        scheduler.run()
        source.fail(page: 2)
        list.loadMore.apply().start()
        scheduler.run()
        #expect(list.loadedPage.value == 1)
        #expect(list.footer.value == .loadMore)
        #expect(errors.values == ["呜呜，服务器不给力呀..."])
        source.heal(page: 2)
        list.loadMore.apply().start()
        scheduler.run()
        #expect(list.loadedPage.value == 2)
        #expect(source.requests == [1, 2, 2])
        #expect(list.items.value.count == 6)
    }

    @Test func aSinglePageListHasNoMore() {
        let (list, _) = makeList(pages: 1)
        list.refresh.apply().start()
        scheduler.run()
        #expect(list.footer.value == .noMore)
        #expect(!list.loadMore.isEnabled.value)
    }

    @Test func anEmptyFirstPageShowsNoItemsAndNoMore() {
        let source = FakeSource(scheduler: scheduler, pages: 1, perPage: 0)
        let list = PagedListViewModel<String>(perPage: 20) { page, perPage in source.fetch(page: page, perPage: perPage) }
        list.refresh.apply().start()
        scheduler.run()
        #expect(list.items.value.isEmpty)
        #expect(list.footer.value == .noMore)
    }

    @Test func refreshAndLoadMoreNeverOverlap() {
        let (list, source) = makeList(pages: 5)
        list.refresh.apply().start()
        scheduler.run()
        list.loadMore.apply().start()
        let refused = Log<String>()
        list.refresh.apply().startWithFailed { refused.append("\($0)") }
        #expect(refused.values == ["action is disabled"])
        scheduler.run()
        #expect(source.requests == [1, 2])
    }

    @Test func reachingTheEndDuringALoadLoadsTheNextPageWhenItEnds() {
        // A list resting at its end sends one "reached the end" while a page is still loading:
        // losing it would leave the list stuck, since nothing scrolls to send another.
        let (list, source) = makeList(pages: 4)
        list.reload()
        list.loadNextPage()
        list.loadNextPage()
        scheduler.advance(by: .milliseconds(750))
        #expect(source.requests == [1, 2], "the wanted page follows the refresh, once")
        scheduler.advance(by: .milliseconds(750))
        #expect(list.loadedPage.value == 2)
        #expect(source.requests == [1, 2])
        list.loadNextPage()
        scheduler.run()
        #expect(list.loadedPage.value == 3)
        list.loadNextPage()
        scheduler.run()
        list.loadNextPage()
        scheduler.run()
        #expect(list.footer.value == .noMore)
        #expect(source.requests == [1, 2, 3, 4], "nothing after the last page")
    }

    @Test func itemsAreImmutableValuesEveryChangeIsObservable() {
        let (list, _) = makeList(pages: 2)
        let counts = Log<Int>()
        list.items.producer.startWithValues { counts.append($0.count) }
        list.refresh.apply().start()
        scheduler.run()
        list.loadMore.apply().start()
        scheduler.run()
        #expect(counts.values == [0, 3, 6])
    }

    @Test func aListIsFreedWithItsInFlightLoadDisposed() {
        let disposed = Log<Void>()
        var list: PagedListViewModel<String>? = PagedListViewModel<String> { _, _ in
            SignalProducer<Page<String>, PageLoadError> { _, lifetime in
                lifetime.observeEnded { disposed.append(()) }
            }
        }
        weak let weakList = list
        list?.reload()
        #expect(list?.footer.value == .loading)
        list = nil
        #expect(weakList == nil)
        #expect(disposed.values.count == 1, "the in-flight load was disposed")
    }
}

extension PagedListTests {
    @Test func appendingPageKReportsOnlyPageKsPositionsAndCopiesNothingBefore() {
        let (list, _) = makeList(pages: 4)
        let changes = Log<(added: Range<Int>, replaced: Bool)>()
        list.itemChanges.startWithValues { changes.append(($0.added, $0.isReplacement)) }
        list.refresh.apply().start()
        scheduler.run()
        let pageOne = list.items.value
        for _ in 2...4 {
            list.loadNextPage()
            scheduler.run()
        }
        #expect(changes.values.map(\.added) == [0..<0, 0..<3, 3..<6, 6..<9, 9..<12])
        #expect(changes.values.map(\.replaced) == [true, true, false, false, false])
        let all = list.items.value
        #expect(all.positionsAdded(since: pageOne) == 3..<12, "pages 2 to 4 extended page 1's store in place")
        #expect(pageOne == ["p1-0", "p1-1", "p1-2"], "an earlier list still shows what it showed")
        #expect(Array(all[9...]) == ["p4-0", "p4-1", "p4-2"])

        list.refresh.apply().start()
        scheduler.run()
        #expect(changes.values.last.map { $0.replaced && $0.added == 0..<3 } == true, "a refresh replaces the list")
        #expect(list.items.value.positionsAdded(since: all) == nil)
        #expect(all.count == 12, "and leaves the lists before it as they were")
    }
}

@Suite("Item lists")
struct ItemListTests {
    @Test func appendingToAnOlderListCopiesItAndLeavesTheNewerOneAlone() {
        let first = ItemList([1, 2])
        let newer = first.appending(contentsOf: [3])
        let branch = first.appending(contentsOf: [9])
        #expect(Array(newer) == [1, 2, 3] && Array(branch) == [1, 2, 9] && Array(first) == [1, 2])
        #expect(newer.positionsAdded(since: first) == 2..<3)
        #expect(branch.positionsAdded(since: first) == nil, "the branch lives in a store of its own")
        #expect(branch.appending(contentsOf: [10]).positionsAdded(since: branch) == 3..<4)
    }
}
