import Reactive

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

/// A list loaded page by page: `refresh` loads page 1 and replaces the items, `loadMore` appends
/// the next page. The page counter only moves when a page arrives, so no page is ever skipped or
/// loaded twice (the original demo's bug); a failed page is simply loaded again by the next
/// `loadMore`. Items are an immutable list inside a property (seed pitfall 4); appending a page
/// costs O(page), whatever the number of items before it.
@MainActor
open class PagedListViewModel<Item: Sendable>: ViewModel {
    /// The loaded items, in page order.
    public let items: Property<ItemList<Item>>
    /// The number of the last page loaded (0 before any).
    public let loadedPage: Property<Int>
    /// The number of the last page the source has (nil until a page arrives).
    public let lastPage: Property<Int?>
    /// Items per page.
    public let perPage: Int
    /// What the footer shows.
    public let footer: Property<FooterState>
    /// Loads page 1 and replaces the items.
    public let refresh: Action<Void, Page<Item>, PageLoadError>
    /// Loads the page after the last one loaded and appends it. Disabled while any load runs and
    /// once the last page is loaded.
    public let loadMore: Action<Void, Page<Item>, PageLoadError>

    /// Whether any load (refresh or load-more) runs.
    private let isLoading: Property<Bool>
    /// A load-more asked for while another load ran: made when that one ends. Scrolling to the
    /// end during a load must not be lost, or a list resting at its end would never grow again.
    private var wantsMore = false

    private struct State: Sendable {
        var items = ItemList<Item>()
        var loadedPage = 0
        var lastPage: Int?
    }

    /// A paged list over `fetch(page, perPage)`.
    public init(
        title: String = "",
        perPage: Int = 20,
        fetch: @escaping @Sendable (_ page: Int, _ perPage: Int) -> SignalProducer<Page<Item>, PageLoadError>
    ) {
        let state = MutableProperty(State())
        self.perPage = perPage
        items = state.map { $0.items }.skipRepeats { $0.isSameList(as: $1) }
        loadedPage = state.map { $0.loadedPage }
        lastPage = state.map { $0.lastPage }

        let busy = MutableProperty(0)
        let notBusy = busy.map { $0 == 0 }
        let hasMore = state.map { current in current.lastPage.map { current.loadedPage < $0 } ?? true }

        /// Runs one load; `busy` covers every load, so refresh and load-more never overlap.
        @Sendable func load(page: @escaping @Sendable () -> Int, replacing: Bool) -> SignalProducer<Page<Item>, PageLoadError> {
            SignalProducer<Page<Item>, PageLoadError> { observer, lifetime in
                busy.modify { $0 += 1 }
                lifetime.observeEnded { busy.modify { $0 -= 1 } }
                fetch(page(), perPage).on(value: { received in
                    state.modify { current in
                        if replacing {
                            current.items = ItemList(received.items)
                        } else {
                            guard received.number == current.loadedPage + 1 else { return }
                            current.items = current.items.appending(contentsOf: received.items)
                        }
                        current.loadedPage = received.number
                        current.lastPage = received.lastPage
                    }
                }).attach(observer, during: lifetime)
            }
        }

        refresh = Action(enabledIf: notBusy) { _ in load(page: { 1 }, replacing: true) }
        loadMore = Action(enabledIf: notBusy.and(hasMore)) { _ in
            load(page: { state.value.loadedPage + 1 }, replacing: false)
        }
        footer = Property.combineLatest([busy.map { $0 > 0 }, hasMore, state.map { $0.lastPage != nil }]) { flags in
            let (loading, more, loadedAny) = (flags[0], flags[1], flags[2])
            if loading { return .loading }
            if !loadedAny { return .idle }
            return more ? .loadMore : .noMore
        }
        isLoading = busy.map { $0 > 0 }
        super.init(title: title)
        Signal.merge(refresh.errors, loadMore.errors).observe(with: self) { $0.show($1.cause) }
        isLoading.signal.filter { !$0 }.observe(with: self) { screen, _ in screen.loadWantedPage() }
    }
}

extension PagedListViewModel {
    /// How the items change: first all of them as they are (a replacement), then each page
    /// appended, or the whole list replaced by a refresh. A view splices in just the new rows.
    public var itemChanges: SignalProducer<ListChange<Item>, Never> {
        items.producer.map { Optional($0) }.combinePrevious(.some(nil)).compactMap { pair in
            pair.current.map { ListChange(from: pair.previous, to: $0) }
        }
    }

    /// Refreshes, for as long as the view model lives (its release disposes the load). A refresh
    /// refused because a load is running is ignored.
    public func reload() {
        refresh.apply().take(during: lifetime).start()
    }

    /// Loads the next page, for as long as the view model lives; asked while a load runs, it
    /// happens when that load ends. Ignored after the last page.
    public func loadNextPage() {
        if isLoading.value {
            wantsMore = true
            return
        }
        loadMore.apply().take(during: lifetime).start()
    }

    /// Loads page 1 unless a page is loaded or loading, or one came back empty: for a screen's
    /// first load each time it becomes active.
    public func reloadUnlessLoaded() {
        guard items.value.isEmpty, footer.value != .loading, lastPage.value == nil else { return }
        reload()
    }

    /// Loads the next page whenever `isNearEnd` (bound by the view from its scroller) is true
    /// while more pages remain and none loads, for as long as the view model lives.
    public func loadNextPage(whenNearEnd isNearEnd: Property<Bool>) {
        isNearEnd.combineLatest(with: footer).producer
            .filter { $0.0 && $0.1 == .loadMore }
            .observe(with: self) { screen, _ in screen.loadNextPage() }
    }

    private func loadWantedPage() {
        guard wantsMore, !isLoading.value else { return }
        wantsMore = false
        loadNextPage()
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
