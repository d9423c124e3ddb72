import Foundation
import GoodsDomain
import Reactive
import ViewModelKit
import Localization

/// The goods page's search box (输入你要找的宝贝): a query in, its results out, in place of the
/// goods list while the query is not empty. Each change of the query restarts a `debounce`
/// wait on the injected scheduler, and the search then starts through `flatMap(.latest)`, so
/// the next keystroke cancels both the wait and a search still running (the store stops its
/// scan). Results are paged like the goods list (`perPage`, the next page near the end) and
/// each is the list's own row view model, so liking and the detail page work the same.
@MainActor
public final class SearchViewModel: LifetimeOwning {
    /// How long the query must rest before it is searched.
    public nonisolated static let debounce: Duration = .milliseconds(250)
    /// The search box's placeholder and accessible name.
    public static var placeholder: String { tr("输入你要找的宝贝") }
    /// The status page's title when nothing matches.
    public static var noResultsTitle: String { tr("没有找到宝贝") }
    /// The status page's hint when nothing matches.
    public static var noResultsHint: String { tr("换个词试试：标题、描述、卖家和地点都会被搜索") }
    /// The status page's title when a search failed.
    public static var failedTitle: String { tr("搜索失败") }

    /// What the user typed (bound both ways to the entry).
    public let query = MutableProperty("")
    /// What the page shows: the goods list (idle), a spinner, the results, 没有找到宝贝, or why it failed.
    public let state: Property<SearchState>
    /// The results loaded, in page order, for the query on show.
    public var items: Property<CountedTree<SearchResult>> { results.items }
    /// How the results change, for the list binding: all of them as they are, then each page
    /// appended, or all replaced by a new query.
    public var itemChanges: SignalProducer<IndexedChangeSet<SearchResult>, Never> { results.source.connect() }
    /// Why the search failed (empty otherwise).
    public let failureText: Property<String>
    /// Under the results: 正在加载更多的数据... while a page loads, 点击或上拉加载更多 while more
    /// remain, 已经到底了 after the last one.
    public let footerText: Property<String>
    /// Whether the results' view shows its last screen or so (bound from the scrolled window):
    /// then the next page loads.
    public let isNearEnd = MutableProperty(false)
    /// Results per page.
    public var perPage: Int { results.perPage }

    /// Ends when the view model is released: every search with it.
    public let lifetime: Lifetime
    private let token: Lifetime.Token

    /// The query's results, paged as the goods list is (its pages after the first load here;
    /// the first comes through the query's own pipeline, which a keystroke cancels).
    private let results: PagedList<SearchResult>
    /// The query on show and what the page shows for it, changed as one value.
    private let shown = MutableProperty((query: "", state: SearchState.idle))
    /// A later page failed: none loads by itself until the view reports near-end again (or
    /// `loadNextPage` is called), so a failing page is not retried in a loop.
    private let moreFailed = MutableProperty(false)
    private let opens: @MainActor (GoodsItemViewModel) -> Void

    /// One step of the query's search.
    private enum Step: Sendable {
        case cleared
        case started(String)
        case arrived(String, Page<SearchResult>)
        case failed(String, String)
    }

    /// A search over `service`; rows like through `likes` and report to `report`; `open` opens
    /// an activated result's detail page (the goods list's `select`).
    /// - Parameters:
    ///   - scheduler: the debounce's (the main loop; virtual time in tests).
    ///   - clock: the current time, for publish times.
    ///   - live: the session's changed goods, which the results' rows follow and feed.
    public init(
        service: any SearchService, likes: any LikeService, scheduler: any DateScheduler,
        clock: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current, perPage: Int = 20,
        live: LiveGoods? = nil,
        report: @escaping @Sendable (GoodsItemViewModel.Report) -> Void = { _ in },
        open: @escaping @MainActor (GoodsItemViewModel) -> Void
    ) {
        (lifetime, token) = Lifetime.make()
        self.opens = open
        let fetch: @Sendable (String, Int) -> SignalProducer<Page<SearchResult>, ServiceError> = { query, number in
            let publishTime = PublishTime(now: clock(), timeZone: timeZone)
            return service.search(query, page: number, size: perPage).map { page in
                Page(items: page.hits.map { hit in
                    SearchResult(item: GoodsItemViewModel(goods: hit.goods, likes: likes, publishTime: publishTime, live: live, report: report),
                                 titleHighlights: hit.titleMatchByteRanges)
                }, number: page.currentPage, lastPage: page.lastPage)
            }
        }
        let shown = self.shown
        let results = PagedList<SearchResult>(perPage: perPage) { number, _ in
            fetch(shown.value.query, number).mapError { PageLoadError($0) }
        }
        self.results = results
        state = shown.map(\.state).skipRepeats()
        failureText = shown.map { if case let .failed(message) = $0.state { message } else { "" } }.skipRepeats()
        footerText = Property.combineLatest(shown.map(\.state), results.footer).map { state, footer -> String in
            guard state == .results else { return "" }
            switch footer {
            case .loading: return tr("正在加载更多的数据...")
            case .loadMore: return tr("点击或上拉加载更多")
            case .noMore, .idle: return tr("已经到底了")
            }
        }.skipRepeats()

        let debounce = Self.debounce
        query.producer.map(SearchMatching.normalized).skipRepeats()
            .flatMap(.latest) { query -> SignalProducer<Step, Never> in
                guard !query.isEmpty else { return SignalProducer(value: .cleared) }
                let search = SignalProducer<Void, ServiceError>(value: ()).delay(debounce, on: scheduler)
                    .flatMap(.latest) { fetch(query, 1) }
                    .map { Step.arrived(query, $0) }
                    .flatMapError { SignalProducer<Step, Never>(value: .failed(query, $0.userMessage ?? "")) }
                return SignalProducer(value: .started(query)).concat(search)
            }
            .take(during: lifetime)
            .startWithValues { step in
                switch step {
                case .cleared:
                    // A newer query ends the page still loading for the older one.
                    results.clear()
                    shown.value = ("", .idle)
                case let .started(query):
                    results.clear()
                    shown.value = (query, .searching)
                case let .arrived(query, page):
                    guard shown.value.query == query else { return }
                    results.show(firstPage: page)
                    shown.value = (query, page.items.isEmpty ? .noResults : .results)
                case let .failed(query, message):
                    guard shown.value.query == query else { return }
                    shown.value = (query, .failed(message))
                }
            }
        live?.keepInStep({ id in results.items.value.filter { $0.item.id == id }.map(\.item) }, during: lifetime)

        // Near the end, with more pages and none loading (or just failed), the next page loads.
        let moreFailed = self.moreFailed
        results.errors.take(during: lifetime).observeValues { error in
            moreFailed.value = true
            if let error = error.cause as? ServiceError { report(.error(error)) }
        }
        isNearEnd.signal.take(during: lifetime).observeValues { _ in moreFailed.value = false }
        isNearEnd.combineLatest(with: Property.combineLatest(state, results.footer, moreFailed)).producer
            .filter { isNear, shown in isNear && shown.0 == .results && shown.1 == .loadMore && !shown.2 }
            .observe(with: self) { screen, _ in screen.loadNextPage() }
    }

    isolated deinit { token.dispose() }

    /// Whether a query is typed (the results, not the goods list, show).
    public var isSearching: Property<Bool> { state.map { $0 != .idle }.skipRepeats() }

    /// Loads the results' next page, unless one loads or the last is loaded; a newer query
    /// cancels it. A failed page shows as a notice and is loaded again on the next ask.
    public func loadNextPage() {
        guard state.value == .results, results.footer.value == .loadMore else { return }
        // Only a change is sent: the near-end rule observes it and calls this again.
        if moreFailed.value { moreFailed.value = false }
        results.loadNextPage()
    }

    /// Clears the query: the goods list shows again (Escape in the search box).
    public func clear() { query.value = "" }

    /// Opens the detail page of the result at `position` (a row was activated), as the goods
    /// list's rows do; nothing for a position without a result.
    public func select(at position: Int) {
        guard let result = items.value.element(at: position) else { return }
        opens(result.item)
    }
}
