import TestSupport
import Testing
import Foundation
import Synchronization
import GoodsDomain
import GoodsViewModels
import Reactive
import ViewModelKit

/// A search service whose answers the test gives by hand: it records what was asked and what
/// was disposed before its answer.
final class ScriptedSearch: SearchService {
    struct Request: Sendable {
        let query: String
        let page: Int
        let observer: Signal<SearchPage, ServiceError>.Observer
    }
    private let requests = Mutex<[Request]>([])
    let asked = Log<String>()
    let cancelled = Log<String>()
    private let answered = Mutex<Set<String>>([])

    func search(_ query: String, page number: Int, size: Int) -> SignalProducer<SearchPage, ServiceError> {
        SignalProducer { [self] observer, lifetime in
            let name = "\(query)#\(number)"
            asked.append(name)
            requests.withLock { $0.append(Request(query: query, page: number, observer: observer)) }
            lifetime.observeEnded { [self] in if !answered.withLock({ $0.contains(name) }) { cancelled.append(name) } }
        }
    }

    /// Answers the latest request for `query` page `page` with `hits` goods (ids from `first`).
    func answer(_ query: String, page: Int = 1, hits: Int, first: Int = 1, lastPage: Int = 1) {
        let request = requests.withLock { $0.last { $0.query == query && $0.page == page } }
        answered.withLock { _ = $0.insert("\(query)#\(page)") }
        let found = (0..<hits).map { SearchHit(goods: World.goods(first + $0), query: query) }
        request?.observer.send(value: SearchPage(query: query, hits: found, currentPage: page, lastPage: lastPage, perPage: 20))
        request?.observer.sendCompleted()
    }

    func fail(_ query: String, page: Int = 1) {
        answered.withLock { _ = $0.insert("\(query)#\(page)") }
        requests.withLock { $0.last { $0.query == query && $0.page == page } }?.observer.send(error: ServiceError(.serverUnavailable, request: .search))
    }
}

@MainActor
@Suite("SearchViewModel")
struct SearchViewModelTests {
    let scheduler = TestScheduler()
    let service = ScriptedSearch()

    func makeSearch(opened: Log<Int> = Log()) throws -> SearchViewModel {
        let world = try World(goodsCount: 1)
        return SearchViewModel(service: service, likes: world.services, scheduler: scheduler,
                               clock: { Date(timeIntervalSince1970: 1_700_000_000) }) { opened.append($0.id) }
    }

    @Test func aQueryIsSearchedOnceItRestsForTheDebounce() throws {
        let search = try makeSearch()
        #expect(search.state.value == .idle)
        search.query.value = "商"
        #expect(search.state.value == .searching)
        scheduler.advance(by: .milliseconds(200))
        search.query.value = "商品"
        scheduler.advance(by: .milliseconds(200))
        #expect(service.asked.values.isEmpty, "each keystroke restarts the wait")
        scheduler.advance(by: .milliseconds(50))
        #expect(service.asked.values == ["商品#1"])
        service.answer("商品", hits: 3)
        #expect(search.state.value == .results)
        #expect(search.items.value.map(\.id) == [1, 2, 3])
        #expect(search.items.value[0].titleHighlights == [0..<6], "商品 is the title's first 6 bytes")
    }

    @Test func theNextKeystrokeCancelsTheSearchInFlight() throws {
        let search = try makeSearch()
        search.query.value = "商品1"
        scheduler.advance(by: SearchViewModel.debounce)
        #expect(service.asked.values == ["商品1#1"])
        search.query.value = "商品2"
        #expect(service.cancelled.values == ["商品1#1"])
        service.answer("商品1", hits: 5)
        #expect(search.items.value.isEmpty, "a superseded answer never shows")
        #expect(search.state.value == .searching)
        scheduler.advance(by: SearchViewModel.debounce)
        service.answer("商品2", hits: 1, first: 2)
        #expect(search.items.value.map(\.id) == [2])
    }

    @Test func spacesAloneAreNoQueryAndClearingShowsTheList() throws {
        let search = try makeSearch()
        search.query.value = "  "
        scheduler.advance(by: .seconds(1))
        #expect(search.state.value == .idle)
        #expect(service.asked.values.isEmpty)
        search.query.value = " 商品 "
        scheduler.advance(by: SearchViewModel.debounce)
        #expect(service.asked.values == ["商品#1"], "trimmed")
        service.answer("商品", hits: 2)
        #expect(search.isSearching.value)
        search.clear()
        #expect(search.query.value == "")
        #expect(search.state.value == .idle)
        #expect(search.items.value.isEmpty)
    }

    @Test func nothingFoundAndFailureAreStatesOfTheirOwn() throws {
        let search = try makeSearch()
        search.query.value = "zzqqxx"
        scheduler.advance(by: SearchViewModel.debounce)
        service.answer("zzqqxx", hits: 0)
        #expect(search.state.value == .noResults)
        #expect(search.footerText.value == "")
        search.query.value = "商品"
        scheduler.advance(by: SearchViewModel.debounce)
        service.fail("商品")
        #expect(search.state.value == .failed("呜呜，服务器不给力呀..."))
        #expect(search.failureText.value == "呜呜，服务器不给力呀...")
    }

    @Test func resultsPageNearTheEndAndANewQueryCancelsAPageLoading() throws {
        let search = try makeSearch()
        search.query.value = "商品"
        scheduler.advance(by: SearchViewModel.debounce)
        service.answer("商品", hits: 20, lastPage: 3)
        #expect(search.footerText.value == "点击或上拉加载更多")
        search.isNearEnd.value = true
        #expect(service.asked.values == ["商品#1", "商品#2"])
        #expect(search.footerText.value == "正在加载更多的数据...")
        search.loadNextPage()
        #expect(service.asked.values.count == 2, "one page at a time")
        service.answer("商品", page: 2, hits: 20, first: 21, lastPage: 3)
        #expect(search.items.value.map(\.id) == Array(1...40))
        // Still near the end: page 3 follows, and is the last.
        #expect(service.asked.values.last == "商品#3")
        service.answer("商品", page: 3, hits: 5, first: 41, lastPage: 3)
        #expect(search.items.value.map(\.id) == Array(1...45))
        #expect(search.footerText.value == "已经到底了")
        #expect(service.asked.values.count == 3)

        search.isNearEnd.value = false
        search.query.value = "商"
        scheduler.advance(by: SearchViewModel.debounce)
        service.answer("商", hits: 20, lastPage: 2)
        search.loadNextPage()
        #expect(service.asked.values.last == "商#2")
        search.query.value = "商品9"
        #expect(service.cancelled.values == ["商#2"], "answered searches were not cancelled; the page loading was")
        #expect(search.items.value.isEmpty)
    }

    @Test func aFailedLaterPageIsNotRetriedInALoopButOnTheNextAsk() throws {
        let search = try makeSearch()
        search.query.value = "商品"
        scheduler.advance(by: SearchViewModel.debounce)
        service.answer("商品", hits: 20, lastPage: 2)
        search.isNearEnd.value = true
        #expect(service.asked.values == ["商品#1", "商品#2"])
        service.fail("商品", page: 2)
        #expect(service.asked.values.count == 2, "still near the end, but no retry by itself")
        #expect(search.state.value == .results, "the rows stay")
        search.isNearEnd.value = false
        search.isNearEnd.value = true
        #expect(service.asked.values == ["商品#1", "商品#2", "商品#2"], "a new near-end report asks again")
        service.answer("商品", page: 2, hits: 3, first: 21, lastPage: 2)
        #expect(search.items.value.count == 23)
    }

    @Test func anActivatedResultOpensItsItemAsTheListDoes() throws {
        let opened = Log<Int>()
        let search = try makeSearch(opened: opened)
        search.query.value = "商品"
        scheduler.advance(by: SearchViewModel.debounce)
        service.answer("商品", hits: 3, first: 7)
        search.select(at: 1)
        search.select(at: 9)
        #expect(opened.values == [8])
    }

    @Test func theGoodsListsSearchOpensTheDetailRoute() throws {
        let world = try World(goodsCount: 45)
        let goods = world.makeGoods()
        let search = goods.enableSearch(world.services, likes: world.services, scheduler: world.scheduler)
        #expect(goods.search === search)
        #expect(goods.enableSearch(world.services, likes: world.services, scheduler: world.scheduler) === search)
        let requests = Log<String>()
        goods.navigation.observeValues { request in MainActor.assumeIsolated { requests.append(request.summary) } }
        search.query.value = "商品4"
        world.scheduler.run()
        // 商品4 and 商品40…45, in the list's order, from the real store.
        #expect(search.items.value.map(\.id) == [4, 40, 41, 42, 43, 44, 45])
        search.select(at: 0)
        #expect(requests.values == ["open \(GoodsRoutes.detail.name) item 4"])
    }
}
