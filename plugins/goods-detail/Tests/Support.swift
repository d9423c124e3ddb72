import Foundation
import GoodsDomain
import GoodsViewModels
import Reactive
import Synchronization

/// Records values thread-safely.
final class Log<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])
    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
}

/// The real services over an in-memory store of generated goods, on virtual time.
struct World {
    let scheduler = TestScheduler()
    let server: SimulatedServer
    let services: LocalServices

    init(goodsCount: Int = 25) throws {
        server = SimulatedServer(scheduler: scheduler)
        let goods = (1...goodsCount).map(Self.goods)
        let pages = stride(from: 0, to: goodsCount, by: 20).enumerated().map { index, start in
            GoodsPage(goods: Array(goods[start..<min(goodsCount, start + 20)]), currentPage: index + 1,
                      lastPage: (goodsCount + 19) / 20, perPage: 20)
        }
        let store = try GoodsStore.inMemory(importing: DataSet(pages: pages, banners: []))
        services = LocalServices(store: store, server: server, session: Session())
    }

    static func goods(_ id: Int) -> Goods {
        Goods(id: id, title: "商品\(id)", description: "描述\(id)", price: id, originalPrice: 2 * id,
              expressType: .free, expressFee: 0, count: 1, place: "杭州", publishedAt: Date(timeIntervalSince1970: 1_700_000_000),
              condition: 2, images: [GoodsImage(id: id, location: "images/goods/\(id).svg")],
              seller: Seller(id: id % 3 + 1, nickname: "卖家\(id)", avatar: "images/avatars/\(id % 3 + 1).svg", isVerified: true),
              messages: 1, likes: 5, isLiked: false, hits: 0)
    }

    /// The row of goods `id`, liking through the world's services and reporting to `reports`.
    func row(_ id: Int, reports: Log<GoodsItemViewModel.Report> = Log()) -> GoodsItemViewModel {
        GoodsItemViewModel(goods: Self.goods(id), likes: services, publishTime: PublishTime(now: .now, timeZone: .current),
                           report: { reports.append($0) })
    }
}

/// A like service that never answers.
struct NoLikes: LikeService {
    func setLiked(_ liked: Bool, goodsID: Int) -> SignalProducer<Goods, ServiceError> { .never }
}
