import Reactive

/// A screen whose content is one `PagedList`: its rows, footer and the refresh and load-more
/// commands are the list's, and a failed load shows as the screen's toast (`show(_:)`).
@MainActor
open class PagedListViewModel<Item: Sendable>: ViewModel {
    /// The paged rows.
    public let list: PagedList<Item>

    /// A paged screen over `fetch(page, perPage)`.
    public init(
        title: String = "",
        perPage: Int = 20,
        fetch: @escaping @Sendable (_ page: Int, _ perPage: Int) -> SignalProducer<Page<Item>, PageLoadError>
    ) {
        list = PagedList(perPage: perPage, fetch: fetch)
        super.init(title: title)
        list.errors.observe(with: self) { $0.show($1.cause) }
    }

    /// The loaded items, in page order.
    public var items: Property<CountedTree<Item>> { list.items }
    /// How the items change, for a list binding: the items as they are (a reset), then what
    /// each page or refresh changed.
    public var itemChanges: SignalProducer<IndexedChangeSet<Item>, Never> { list.source.connect() }
    /// The number of the last page loaded (0 before any).
    public var loadedPage: Property<Int> { list.loadedPage }
    /// The number of the last page the source has (nil until a page arrives).
    public var lastPage: Property<Int?> { list.lastPage }
    /// Items per page.
    public var perPage: Int { list.perPage }
    /// What the footer shows.
    public var footer: Property<FooterState> { list.footer }
    /// Loads page 1 and shows it in place of the items.
    public var refresh: Action<Void, Page<Item>, PageLoadError> { list.refresh }
    /// Loads the next page and appends it; disabled while any load runs and after the last page.
    public var loadMore: Action<Void, Page<Item>, PageLoadError> { list.loadMore }

    /// Refreshes, for as long as the view model lives. A refresh refused because a load is
    /// running is ignored.
    public func reload() { list.reload() }

    /// Loads the next page; asked while a load runs, it happens when that load ends. Ignored
    /// after the last page.
    public func loadNextPage() { list.loadNextPage() }

    /// Loads page 1 unless a page is loaded or loading, or one came back empty: for a screen's
    /// first load each time it becomes active.
    public func reloadUnlessLoaded() { list.reloadUnlessLoaded() }

    /// Loads the next page whenever `isNearEnd` (bound by the view from its scroller) is true
    /// while more pages remain and none loads, for as long as the view model lives.
    public func loadNextPage(whenNearEnd isNearEnd: Property<Bool>) {
        isNearEnd.combineLatest(with: footer).producer
            .filter { $0.0 && $0.1 == .loadMore }
            .observe(with: self) { screen, _ in screen.loadNextPage() }
    }
}
