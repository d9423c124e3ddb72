import Reactive
import Localization

extension LocalServices: SearchService {
    public func search(_ query: String, page number: Int, size: Int) -> SignalProducer<SearchPage, ServiceError> {
        let store = self.store
        let session = self.session
        return server.answer(.search) { () throws(ServiceError) -> SearchPage in
            do {
                return try store.search(query, page: number, size: size, viewer: session.account.value?.phone)
            } catch {
                throw ServiceError(message: tr("无法搜索商品：{0}", "\(error)"))
            }
        }
    }
}
