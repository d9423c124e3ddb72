import Synchronization

/// Keeps every row of one goods item in step across the screens that show it: the goods list,
/// its search results, the seller and place pages each load their own `GoodsItemViewModel`s,
/// and a like or a comment made on one of them must show on the others at once (not after a
/// reload). Rows join when made with it and leave when freed; it holds them weakly. One per
/// logged-in session (the app router makes it), shared by the screens it builds.
public final class GoodsItemSync: Sendable {
    /// A row, held weakly.
    private struct Member: Sendable {
        weak var item: GoodsItemViewModel?
        let identity: ObjectIdentifier
    }

    private let members = Mutex<[Int: [Member]]>([:])

    public init() {}

    /// How many rows are in step now (tests; for leaks).
    public var count: Int { members.withLock { $0.values.reduce(0) { $0 + $1.count } } }

    func join(_ item: GoodsItemViewModel) {
        members.withLock { $0[item.id, default: []].append(Member(item: item, identity: ObjectIdentifier(item))) }
    }

    func leave(id: Int, identity: ObjectIdentifier) {
        members.withLock { all in
            all[id]?.removeAll { $0.identity == identity }
            if all[id]?.isEmpty == true { all[id] = nil }
        }
    }

    /// `item`'s like state changed: the item's other rows take it.
    func likesChanged(on item: GoodsItemViewModel, likes: Int, isLiked: Bool) {
        for other in others(of: item) { other.takeLikes(likes, isLiked: isLiked) }
    }

    /// `item`'s message count changed: the item's other rows take it.
    func messagesChanged(on item: GoodsItemViewModel, to messages: Int) {
        for other in others(of: item) { other.takeMessages(messages) }
    }

    /// The live rows of `item`'s goods besides `item`, read under the lock and updated outside it
    /// (an update runs observers).
    private func others(of item: GoodsItemViewModel) -> [GoodsItemViewModel] {
        let identity = ObjectIdentifier(item)
        return members.withLock { all in
            (all[item.id] ?? []).compactMap { $0.identity == identity ? nil : $0.item }
        }
    }
}
