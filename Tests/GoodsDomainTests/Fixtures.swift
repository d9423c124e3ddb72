import Foundation
import GoodsDomain

/// Small hand-made data for domain tests.
enum Fixtures {
    static func goods(_ id: Int, seller: Int = 1, liked: Bool = false) -> Goods {
        Goods(
            id: id, title: "商品 \(id)", description: "描述 \(id)", price: 10 * id, originalPrice: 20 * id,
            expressType: ExpressType(rawValue: id % 3) ?? .free, expressFee: id % 3 == 1 ? 10 : 0, count: 1,
            place: "杭州 西湖区", publishedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(id)),
            condition: id % 3, images: [GoodsImage(id: id * 10, location: "images/goods/\(id)-1.svg")],
            seller: Seller(id: seller, nickname: "卖家\(seller)", avatar: seller == 1 ? nil : "images/avatars/\(seller).svg", isVerified: seller % 2 == 0),
            messages: 0, likes: 5, isLiked: liked, hits: 1)
    }

    /// A data set of `count` goods over pages of `perPage`, and two banners.
    static func dataSet(count: Int, perPage: Int = 20) -> DataSet {
        let all = (1...count).map { goods($0, seller: $0 % 4 + 1) }
        let lastPage = (count + perPage - 1) / perPage
        let pages = stride(from: 0, to: count, by: perPage).enumerated().map { index, start in
            GoodsPage(goods: Array(all[start..<min(count, start + perPage)]), currentPage: index + 1,
                      lastPage: lastPage, perPage: perPage)
        }
        let banners = [
            Banner(id: 2, title: "第二", image: "images/banners/2.svg", link: nil, displayOrder: 2),
            Banner(id: 1, title: "第一", image: "images/banners/1.svg", link: "https://example.org", displayOrder: 1),
        ]
        return DataSet(pages: pages, banners: banners, problems: [])
    }

    /// A fresh temporary folder.
    static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
