import Reactive
import Synchronization

/// One page of a paged source.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    /// The page number, from 1.
    public var number: Int
    /// The number of the last page there is.
    public var lastPage: Int

    public init(items: [Item], number: Int, lastPage: Int) {
        self.items = items
        self.number = number
        self.lastPage = lastPage
    }
}

/// What the list's footer shows.
public enum FooterState: Sendable, Equatable {
    /// Nothing loaded yet, or nothing to say.
    case idle
    /// A page is loading.
    case loading
    /// More pages exist: scrolling to the end loads the next one.
    case loadMore
    /// The last page is loaded.
    case noMore
}

/// A list loaded page by page into a `SourceList` (`source`): `refresh` loads page 1 and shows
/// it in place of everything, `loadMore` appends the next page. The page counter only moves when
/// a page arrives, so no page is ever skipped or loaded twice (the original demo's bug); a failed
/// page is simply loaded again by the next `loadMore`. Views follow `source.connect()`, which
/// says what each page changed (one reset for a refresh, the appended rows for a page), and
/// read `items` for the rows as they are.
///
/// A screen owns one (`PagedListViewModel` does, and so can any view model): the paging rules
/// live here once, not per screen.
public final class PagedList<Item: Sendable>: Sendable {
    /// The loaded items, in page order, with their change sets.
    public let source = SourceList<Item>()
    /// The loaded items, in page order.
    public let items: Property<CountedTree<Item>>
    /// The number of the last page loaded (0 before any).
    public let loadedPage: Property<Int>
    /// The number of the last page the source has (nil until a page arrives).
    public let lastPage: Property<Int?>
    /// Items per page.
    public let perPage: Int
    /// What the footer shows.
    public let footer: Property<FooterState>
    /// Whether any load (refresh or load-more) runs.
    public let isLoading: Property<Bool>
    /// Loads page 1 and shows it in place of the items.
    public let refresh: Action<Void, Page<Item>, PageLoadError>
    /// Loads the page after the last one loaded and appends it. Disabled while any load runs and
    /// once the last page is loaded.
    public let loadMore: Action<Void, Page<Item>, PageLoadError>
    /// Why a load failed, as it fails.
    public let errors: Signal<PageLoadError, Never>
    /// Ends when the list is released, and every load it started with it.
    public let lifetime: Lifetime
    private let token: Lifetime.Token

    private struct Counters: Sendable {
        var loadedPage = 0
        var lastPage: Int?
    }

    private let counters: MutableProperty<Counters>
    /// Ends every load running when `clear` is called.
    private let cancels = Signal<Void, Never>.pipe()
    /// A load-more asked for while another load ran: made when that one ends. Scrolling to the
    /// end during a load must not be lost, or a list resting at its end would never grow again.
    private let wantsMore = Atomic(false)

    /// A paged list over `fetch(page, perPage)`.
    public init(
        perPage: Int = 20,
        fetch: @escaping @Sendable (_ page: Int, _ perPage: Int) -> SignalProducer<Page<Item>, PageLoadError>
    ) {
        (lifetime, token) = Lifetime.make()
        let counters = MutableProperty(Counters())
        let source = self.source
        self.counters = counters
        self.perPage = perPage
        // The source's own rows, read after each of its change sets: no second copy to keep.
        items = Property(initial: source.items, then: source.connect().map { _ in source.items })
        loadedPage = counters.map { $0.loadedPage }
        lastPage = counters.map { $0.lastPage }

        let busy = MutableProperty(0)
        let notBusy = busy.map { $0 == 0 }
        let hasMore = counters.map { current in current.lastPage.map { current.loadedPage < $0 } ?? true }
        let cancels = self.cancels.output

        /// Runs one load; `busy` covers every load, so refresh and load-more never overlap.
        @Sendable func load(page: @escaping @Sendable () -> Int, replacing: Bool) -> SignalProducer<Page<Item>, PageLoadError> {
            SignalProducer<Page<Item>, PageLoadError> { observer, lifetime in
                busy.modify { $0 += 1 }
                lifetime.observeEnded { busy.modify { $0 -= 1 } }
                fetch(page(), perPage).take(until: cancels).on(value: { received in
                    var accepted = true
                    counters.modify { current in
                        guard replacing || received.number == current.loadedPage + 1 else {
                            accepted = false
                            return
                        }
                        current.loadedPage = received.number
                        current.lastPage = received.lastPage
                    }
                    guard accepted else { return }
                    if replacing {
                        source.replaceAll(with: received.items)
                    } else {
                        source.append(contentsOf: received.items)
                    }
                }).attach(observer, during: lifetime)
            }
        }

        refresh = Action(enabledIf: notBusy) { _ in load(page: { 1 }, replacing: true) }
        loadMore = Action(enabledIf: notBusy.and(hasMore)) { _ in
            load(page: { counters.value.loadedPage + 1 }, replacing: false)
        }
        footer = Property.combineLatest([busy.map { $0 > 0 }, hasMore, counters.map { $0.lastPage != nil }]) { flags in
            let (loading, more, loadedAny) = (flags[0], flags[1], flags[2])
            if loading { return .loading }
            if !loadedAny { return .idle }
            return more ? .loadMore : .noMore
        }
        isLoading = busy.map { $0 > 0 }
        errors = Signal.merge(refresh.errors, loadMore.errors)
        // Held weakly: the loads' own state must not keep the list alive.
        isLoading.signal.filter { !$0 }.observeValues { [weak self] _ in self?.loadWantedPage() }
    }

    deinit { token.dispose() }

    /// Loads page 1 and shows it in place of the items, for as long as the list lives; refused
    /// (ignored) while a load runs.
    public func reload() {
        refresh.apply().take(during: lifetime).start()
    }

    /// Loads page 1 unless a page is loaded or loading, or one came back empty: for a screen's
    /// first load each time it becomes active.
    public func reloadUnlessLoaded() {
        guard items.value.isEmpty, footer.value != .loading, lastPage.value == nil else { return }
        reload()
    }

    /// Loads the next page, for as long as the list lives; asked while a load runs, it happens
    /// when that load ends. Ignored after the last page.
    public func loadNextPage() {
        if isLoading.value {
            wantsMore.store(true, ordering: .releasing)
            return
        }
        loadMore.apply().take(during: lifetime).start()
    }

    private func loadWantedPage() {
        guard wantsMore.exchange(false, ordering: .acquiringAndReleasing) else { return }
        loadNextPage()
    }

    /// Shows `page` as page 1, loaded elsewhere (a search's first page, which its query's
    /// own pipeline loads and cancels): the next `loadMore` loads page 2.
    public func show(firstPage page: Page<Item>) {
        counters.value = Counters(loadedPage: page.number, lastPage: page.lastPage)
        source.replaceAll(with: page.items)
    }

    /// Ends every load running and empties the list: nothing loaded, nothing wanted.
    public func clear() {
        wantsMore.store(false, ordering: .releasing)
        cancels.input.send(value: ())
        counters.value = Counters()
        source.removeAll()
    }
}

/// Why a page did not load: the source's own error, shown through `ViewModel.show(_:)` (in its
/// words when it is a `UserFacingError`, else through `UnhandledErrors`).
public struct PageLoadError: Error {
    /// The error the source failed with.
    public let cause: any Error

    public init(_ cause: any Error) { self.cause = cause }

    /// The sentence the user reads for it, nil when there is none (`UserFacingError`).
    public var userMessage: String? { (cause as? any UserFacingError)?.userMessage }
}
