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
        #expect(Array(list.items.value) == ["p1-0", "p1-1", "p1-2"])
        #expect(list.footer.value == .loadMore)
        list.loadMore.apply().start()
        scheduler.run()
        list.refresh.apply().start()
        scheduler.run()
        #expect(Array(list.items.value) == ["p1-0", "p1-1", "p1-2"], "page 1 replaces the list")
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
        #expect(Array(list.items.value) == ["p1-0", "p1-1", "p2-0", "p2-1", "p3-0", "p3-1"])
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

    @Test func clearingEndsTheLoadRunningAndEmptiesTheList() {
        let (list, source) = makeList(pages: 3)
        list.refresh.apply().start()
        scheduler.run()
        list.loadNextPage()
        #expect(list.footer.value == .loading)
        list.list.clear()
        #expect(list.footer.value == .idle, "the page in flight ended with the clear")
        scheduler.run()
        #expect(list.items.value.isEmpty, "and its page never arrives")
        #expect(list.loadedPage.value == 0 && list.lastPage.value == nil)
        #expect(source.requests == [1, 2])
    }

    @Test func aFirstPageShownFromElsewhereIsFollowedByPageTwo() {
        let (list, source) = makeList(pages: 3)
        list.list.show(firstPage: Page(items: ["x", "y", "z"], number: 1, lastPage: 3))
        #expect(list.footer.value == .loadMore)
        list.loadNextPage()
        scheduler.run()
        #expect(Array(list.items.value) == ["x", "y", "z", "p2-0", "p2-1", "p2-2"])
        #expect(source.requests == [2])
    }
}
