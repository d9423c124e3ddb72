import Reactive

/// Searches the goods: full text over title, description, seller and place.
public protocol SearchService: Sendable {
    /// Page `number` (from 1) of `size` goods matching `query`, in the goods list's order, with
    /// likes as the logged-in user sees them and where the query occurs in each title. Read off
    /// the GTK thread; disposing it before the answer drops the answer (a newer keystroke).
    func search(_ query: String, page number: Int, size: Int) -> SignalProducer<SearchPage, ServiceError>
}
