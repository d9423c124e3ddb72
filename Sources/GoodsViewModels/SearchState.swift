/// What the goods page shows for the search box: the goods list while no query is typed, else
/// the search's own states.
public enum SearchState: Sendable, Equatable {
    /// No query (empty or only spaces): the goods list shows.
    case idle
    /// A query waits for its debounce or its first page.
    case searching
    /// Results show (at least one row).
    case results
    /// The query found nothing: 没有找到宝贝.
    case noResults
    /// The first page failed, with why.
    case failed(String)
}
