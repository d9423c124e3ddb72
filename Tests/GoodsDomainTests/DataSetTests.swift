import Testing
import Foundation
@testable import GoodsDomain

/// The app's own data set under `data/dataset`, written by `goodsdesk-data`.
@Suite("The committed data set")
struct DataSetTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("data/dataset")

    @Test func itHasTwentyPagesOfTwentyInTheDemoFormat() throws {
        let dataSet = try DataSet.load(from: Self.folder)
        #expect(dataSet.problems.isEmpty, "\(dataSet.problems)")
        #expect(dataSet.pages.count >= 20)
        #expect(dataSet.pages.allSatisfy { $0.goods.count == 20 && $0.perPage == 20 })
        #expect(Set(dataSet.goods.map(\.id)).count == dataSet.goods.count, "ids are unique")
        #expect(dataSet.banners.count == 5)
    }

    @Test func itIsVariedLikeRealListings() throws {
        let goods = try DataSet.load(from: Self.folder).goods
        #expect(goods.allSatisfy { (1...8).contains($0.images.count) })
        #expect(goods.contains { $0.isBrandNew } && goods.contains { !$0.isBrandNew })
        #expect(goods.contains { $0.seller.isVerified } && goods.contains { !$0.seller.isVerified })
        #expect(goods.contains { $0.seller.avatar == nil }, "some sellers have no avatar")
        #expect(Set(goods.map(\.expressType)) == Set(ExpressType.allCases))
        #expect(goods.allSatisfy { !$0.title.isEmpty && !$0.description.isEmpty && $0.place.contains(" ") })
        #expect(goods.contains { $0.title.unicodeScalars.contains { $0.value >= 0x4E00 && $0.value <= 0x9FFF } })
        #expect(zip(goods, goods.dropFirst()).allSatisfy { $0.publishedAt >= $1.publishedAt }, "newest first")
    }

    @Test func everyPictureItNamesExistsLocally() throws {
        let dataSet = try DataSet.load(from: Self.folder)
        let locations = Set(dataSet.goods.flatMap { [$0.seller.avatar].compactMap { $0 } + $0.images.map(\.location) }
            + dataSet.banners.map(\.image))
        let missing = locations.filter { !FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent($0).path) }
        #expect(missing.isEmpty, "\(missing.sorted().prefix(5))")
    }
}
