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
    public let items: Property<ItemList<SearchResult>>
    /// Why the search failed (empty otherwise).
    public let failureText: Property<String>
    /// Under the results: 正在加载更多的数据... while a page loads, 点击或上拉加载更多 while more
    /// remain, 已经到底了 after the last one.
    public let footerText: Property<String>
    /// Whether the results' view shows its last screen or so (bound from the scrolled window):
    /// then the next page loads.
    public let isNearEnd = MutableProperty(false)
    /// Results per page.
    public let perPage: Int

    /// Ends when the view model is released: every search with it.
    public let lifetime: Lifetime
    private let token: Lifetime.Token

    private let content = MutableProperty(Content())
    private let more = SerialDisposable()
    private let fetch: @Sendable (String, Int) -> SignalProducer<Page<SearchResult>, ServiceError>
    private let opens: @MainActor (GoodsItemViewModel) -> Void
    private let report: @Sendable (GoodsItemViewModel.Report) -> Void

    /// Everything the search shows, changed as one value.
    private struct Content: Sendable {
        var query = ""
        var items = ItemList<SearchResult>()
        var loadedPage = 0
        var lastPage = 0
        var phase = SearchState.idle
        var isLoadingMore = false
        /// A later page failed: none loads by itself until the view reports near-end again
        /// (or `loadNextPage` is called), so a failing page is not retried in a loop.
        var moreFailed = false
    }

    /// One step of the query's search, for `content`.
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
    ///   - sync: keeps the results' rows in step with the same items' rows elsewhere.
    public init(
        service: any SearchService, likes: any LikeService, scheduler: any DateScheduler,
        clock: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current, perPage: Int = 20,
        sync: GoodsItemSync? = nil,
        report: @escaping @Sendable (GoodsItemViewModel.Report) -> Void = { _ in },
        open: @escaping @MainActor (GoodsItemViewModel) -> Void
    ) {
        (lifetime, token) = Lifetime.make()
        self.perPage = perPage
        self.opens = open
        self.report = report
        let fetch: @Sendable (String, Int) -> SignalProducer<Page<SearchResult>, ServiceError> = { query, number in
            let publishTime = PublishTime(now: clock(), timeZone: timeZone)
            return service.search(query, page: number, size: perPage).map { page in
                Page(items: page.hits.map { hit in
                    SearchResult(item: GoodsItemViewModel(goods: hit.goods, likes: likes, publishTime: publishTime, sync: sync, report: report),
                                 titleHighlights: hit.titleMatchByteRanges)
                }, number: page.currentPage, lastPage: page.lastPage)
            }
        }
        self.fetch = fetch
        let content = self.content
        state = content.map(\.phase).skipRepeats()
        items = content.map(\.items).skipRepeats { $0.count == $1.count && $0.elementsEqual($1) { $0.item === $1.item } }
        failureText = content.map { if case let .failed(message) = $0.phase { message } else { "" } }.skipRepeats()
        footerText = content.map { current -> String in
            guard current.phase == .results else { return "" }
            if current.isLoadingMore { return tr("正在加载更多的数据...") }
            return current.loadedPage < current.lastPage ? tr("点击或上拉加载更多") : tr("已经到底了")
        }.skipRepeats()

        let more = self.more
        lifetime += more
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
                // A newer query cancels the page still loading for the older one (outside
                // `modify`: its end touches `content`).
                switch step {
                case .cleared, .started: more.inner = nil
                default: break
                }
                content.modify { current in
                    switch step {
                    case .cleared:
                        current = Content()
                    case let .started(query):
                        current = Content(query: query, phase: .searching)
                    case let .arrived(query, page):
                        guard current.query == query else { return }
                        current.items = ItemList(page.items)
                        current.loadedPage = page.number
                        current.lastPage = page.lastPage
                        current.phase = page.items.isEmpty ? .noResults : .results
                    case let .failed(query, message):
                        guard current.query == query else { return }
                        current.phase = .failed(message)
                    }
                }
            }

        // Near the end, with more pages and none loading (or just failed), the next page loads.
        isNearEnd.signal.take(during: lifetime).observeValues { _ in content.modify { $0.moreFailed = false } }
        isNearEnd.combineLatest(with: content).producer
            .filter { isNear, current in
                isNear && current.phase == .results && !current.isLoadingMore && !current.moreFailed
                    && current.loadedPage < current.lastPage
            }
            .observe(with: self) { screen, _ in screen.loadNextPage() }
    }

    isolated deinit { token.dispose() }

    /// How the results change, for the list binding: all of them as they are, then each page
    /// appended, or all replaced by a new query.
    public var itemUpdates: SignalProducer<ListUpdate<ItemList<SearchResult>>, Never> {
        items.producer.map { Optional($0) }.combinePrevious(.some(nil)).compactMap { pair in
            pair.current.map { ListChange(from: pair.previous, to: $0).update }
        }
    }

    /// Whether a query is typed (the results, not the goods list, show).
    public var isSearching: Property<Bool> { state.map { $0 != .idle }.skipRepeats() }

    /// Loads the results' next page, unless one loads or the last is loaded; a newer query
    /// cancels it. A failed page shows as a notice and is loaded again on the next ask.
    public func loadNextPage() {
        let current = content.value
        guard current.phase == .results, !current.isLoadingMore, current.loadedPage < current.lastPage else { return }
        let content = self.content
        let query = current.query
        let number = current.loadedPage + 1
        content.modify {
            $0.isLoadingMore = true
            $0.moreFailed = false
        }
        more.inner = fetch(query, number).start(Signal<Page<SearchResult>, ServiceError>.Observer { [report] event in
            // One change per event, so the near-end rule never sees the load ended but its
            // failure not yet noted (it would ask again at once, in a loop).
            content.modify { current in
                guard current.query == query else { return }
                switch event {
                case let .value(page):
                    guard page.number == current.loadedPage + 1 else { return }
                    current.items = current.items.appending(contentsOf: page.items)
                    current.loadedPage = page.number
                    current.lastPage = page.lastPage
                case .failed:
                    current.isLoadingMore = false
                    current.moreFailed = true
                case .completed, .interrupted:
                    current.isLoadingMore = false
                }
            }
            if case let .failed(error) = event { report(.error(error)) }
        })
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
