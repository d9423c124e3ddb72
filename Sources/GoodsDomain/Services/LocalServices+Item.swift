import Reactive

extension LocalServices {
    /// The item with `id` as the user sees it (their like), or nil when there is none or it
    /// cannot be read: a screen restored after a restart finds its item again by id.
    public func item(id: Int) -> SignalProducer<Goods?, Never> {
        let store = self.store
        let session = self.session
        return server.local { (try? store.goods(id: id, viewer: session.account.value?.phone)) ?? nil }
    }
}
