import Reactive

extension LocalServices: SellerGoodsService, PlaceGoodsService, CommentService {
    public func goods(bySeller sellerID: Int, page number: Int, size: Int) -> SignalProducer<GoodsPage, ServiceError> {
        let session = self.session
        return answer(.sellerGoods) { store throws(StoreError) in
            try store.goods(bySeller: sellerID, page: number, size: size, viewer: session.account.value?.phone)
        }
    }

    public func goods(atPlace place: String, page number: Int, size: Int) -> SignalProducer<GoodsPage, ServiceError> {
        let session = self.session
        return answer(.placeGoods) { store throws(StoreError) in
            try store.goods(atPlace: place, page: number, size: size, viewer: session.account.value?.phone)
        }
    }

    public func comments(of goodsID: Int, page number: Int, size: Int) -> SignalProducer<CommentPage, ServiceError> {
        answer(.comments) { store throws(StoreError) in
            try store.comments(of: goodsID, page: number, size: size)
        }
    }

    public func addComment(_ text: String, to goodsID: Int) -> SignalProducer<AddedComment, ServiceError> {
        let store = self.store
        let session = self.session
        return server.answer(.addComment) { () throws(ServiceError) -> AddedComment in
            guard let account = session.account.value else { throw ServiceError(.notLoggedIn, request: .addComment) }
            // The store checks the text before anything else (`.invalidComment`, a field error).
            do throws(StoreError) {
                return try store.addComment(text, to: goodsID, by: account)
            } catch {
                throw ServiceError(error, request: .addComment)
            }
        }
    }
}
