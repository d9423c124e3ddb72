import GoodsDomain
import Reactive
import ViewModelKit

/// The goods whose state changed in this session (a like, a comment), keyed by id: the one
/// source every screen listing goods follows, so a like or a comment made on one screen's row
/// shows at once on the item's rows on every other screen (the goods list, its search results,
/// the seller and place pages, the detail page), without a reload. One per logged-in session
/// (the app router makes it), shared by the screens it builds.
public final class LiveGoods: Sendable {
    /// The latest state of each item changed this session.
    public let source = SourceCache<Int, Goods>(key: { $0.id })

    public init() {}

    /// The latest state of the item with `id`, when it changed this session.
    public func goods(id: Int) -> Goods? { source.lookup(id) }

    /// `goods` is the item's state now.
    func changed(_ goods: Goods) { source.addOrUpdate(goods) }

    /// Keeps the rows that `rows` finds for an item id in step with each change, until
    /// `lifetime` ends.
    func keepInStep(_ rows: @escaping @Sendable (_ id: Int) -> [GoodsItemViewModel], during lifetime: Lifetime) {
        source.connect().take(during: lifetime).startWithValues { set in
            for change in set {
                if case .remove = change { continue }
                for row in rows(change.key) { row.take(change.value) }
            }
        }
    }
}
