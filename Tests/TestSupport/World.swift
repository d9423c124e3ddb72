import Foundation
import GoodsDomain
import GoodsViewModels
import Reactive
import ViewModelKit

/// The real services over an in-memory store of generated goods, on virtual time: what a view
/// model test (the app's or a plugin's) runs against.
public struct World {
    public let scheduler = TestScheduler()
    public let server: SimulatedServer
    public let services: LocalServices
    public let preferences = MemoryPreferences()

    /// `goodsCount` goods in pages of 20, and three banners.
    public init(goodsCount: Int = 45) throws {
        server = SimulatedServer(scheduler: scheduler)
        let store = try GoodsStore.inMemory(importing: World.dataSet(count: goodsCount))
        services = LocalServices(store: store, server: server, session: Session())
    }

    /// Goods `id`: title `商品<id>`, description `描述<id>`, price `id`, one picture, and seller
    /// `id % 3 + 1` (`卖家`, verified).
    public static func goods(_ id: Int) -> Goods {
        Goods(id: id, title: "商品\(id)", description: "描述\(id)", price: id, originalPrice: 2 * id,
              expressType: .free, expressFee: 0, count: 1, place: "杭州", publishedAt: Date(timeIntervalSince1970: 1_700_000_000),
              condition: 2, images: [GoodsImage(id: id, location: "images/goods/\(id).svg")],
              seller: Seller(id: id % 3 + 1, nickname: "卖家", avatar: "images/avatars/\(id % 3 + 1).svg", isVerified: true),
              messages: 1, likes: 5, isLiked: false, hits: 0)
    }

    /// Goods 1…`count` in pages of 20, and three banners.
    public static func dataSet(count: Int) -> DataSet {
        let goods = (1...count).map(Self.goods)
        let lastPage = (count + 19) / 20
        let pages = stride(from: 0, to: count, by: 20).enumerated().map { index, start in
            GoodsPage(goods: Array(goods[start..<min(count, start + 20)]), currentPage: index + 1, lastPage: lastPage, perPage: 20)
        }
        let banners = (1...3).map { Banner(id: $0, title: "广告\($0)", image: "images/banners/\($0).svg", link: "https://example.org/\($0)", displayOrder: $0) }
        return DataSet(pages: pages, banners: banners)
    }

    /// The login as the app router builds it (`AppRouter.makeLogin`).
    @MainActor
    public func makeLogin() -> LoginViewModel {
        LoginViewModel(service: services, accounts: services, preferences: preferences)
    }

    /// The goods list as the app router builds it (`AppRouter.makeGoodsList`), on a fixed clock.
    @MainActor
    public func makeGoods(clock: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_700_000_000) }) -> GoodsViewModel {
        GoodsViewModel(goods: services, banners: services, likes: services, session: services.session,
                       scheduler: scheduler, clock: clock, timeZone: TimeZone(identifier: "Asia/Shanghai") ?? .current)
    }

    /// The row of goods `id`, liking through the world's services and reporting to `reports`.
    public func row(_ id: Int, reports: Log<GoodsItemViewModel.Report> = Log()) -> GoodsItemViewModel {
        GoodsItemViewModel(goods: Self.goods(id), likes: services, publishTime: PublishTime(now: .now, timeZone: .current),
                           report: { reports.append($0) })
    }
}
