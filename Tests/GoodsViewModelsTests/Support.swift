import Foundation
import GoodsDomain
import GoodsViewModels
import Reactive
import ViewModelKit
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
    let preferences = MemoryPreferences()

    init(goodsCount: Int = 45) throws {
        server = SimulatedServer(scheduler: scheduler)
        let store = try GoodsStore.inMemory(importing: World.dataSet(count: goodsCount))
        services = LocalServices(store: store, server: server, session: Session())
    }

    static func goods(_ id: Int) -> Goods {
        Goods(id: id, title: "商品\(id)", description: "描述", price: id, originalPrice: 2 * id,
              expressType: .free, expressFee: 0, count: 1, place: "杭州", publishedAt: Date(timeIntervalSince1970: 1_700_000_000),
              condition: 2, images: [GoodsImage(id: id, location: "images/goods/\(id).svg")],
              seller: Seller(id: id % 3 + 1, nickname: "卖家", avatar: "images/avatars/\(id % 3 + 1).svg", isVerified: true),
              messages: 1, likes: 5, isLiked: false, hits: 0)
    }

    static func dataSet(count: Int) -> DataSet {
        let goods = (1...count).map(Self.goods)
        let lastPage = (count + 19) / 20
        let pages = stride(from: 0, to: count, by: 20).enumerated().map { index, start in
            GoodsPage(goods: Array(goods[start..<min(count, start + 20)]), currentPage: index + 1, lastPage: lastPage, perPage: 20)
        }
        let banners = (1...3).map { Banner(id: $0, title: "广告\($0)", image: "images/banners/\($0).svg", link: "https://example.org/\($0)", displayOrder: $0) }
        return DataSet(pages: pages, banners: banners)
    }

    @MainActor
    func makeLogin() -> LoginViewModel {
        LoginViewModel(service: services, accounts: services, preferences: preferences) { _ in ViewModel(title: "goods") }
    }

    @MainActor
    func makeGoods(clock: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_700_000_000) }) -> GoodsViewModel {
        GoodsViewModel(goods: services, banners: services, likes: services, session: services.session,
                       scheduler: scheduler, clock: clock, timeZone: TimeZone(identifier: "Asia/Shanghai") ?? .current) {
            ViewModel(title: "login")
        }
    }
}

extension NavigationRequest {
    /// A short description for assertions.
    @MainActor
    var summary: String {
        switch self {
        case let .push(viewModel): return "push \(viewModel.title.value)"
        case .pop: return "pop"
        case let .resetToRoot(viewModel): return "root \(viewModel.title.value)"
        case let .route(name, argument):
            return "route \(name) \((argument as? GoodsItemViewModel).map { "item \($0.id)" } ?? "\(argument)")"
        case let .open(destination, presentation):
            let argument = (destination.argument as? GoodsItemViewModel).map { "item \($0.id)" }
                ?? (destination.argument as? Account).map { "account \($0.phone)" } ?? "\(destination.argument)"
            return "open \(destination.route) \(argument)\(presentation == .replaceRoot ? " as root" : "")"
        }
    }
}
