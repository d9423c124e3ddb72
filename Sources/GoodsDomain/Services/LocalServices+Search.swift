import Reactive

extension LocalServices: SearchService {
    /// Disposing the search (the next keystroke) cancels the store's query: a scan still running
    /// stops at once and frees the store for the next one.
    public func search(_ query: String, page number: Int, size: Int) -> SignalProducer<SearchPage, ServiceError> {
        let store = self.store
        let session = self.session
        let server = self.server
        return SignalProducer { observer, lifetime in
            let cancellation = QueryCancellation()
            lifetime.observeEnded { cancellation.cancel() }
            server.answer(.search) { () throws(ServiceError) -> SearchPage in
                do throws(StoreError) {
                    return try store.search(query, page: number, size: size, viewer: session.account.value?.phone,
                                            cancellation: cancellation)
                } catch {
                    throw ServiceError(error, request: .search)
                }
            }.attach(observer, during: lifetime)
        }
    }
}
