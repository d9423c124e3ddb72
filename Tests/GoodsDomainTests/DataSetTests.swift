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

    /// The generator's files read like the demo's: `createdAt` ≤ `editAt` ≤ `updatedAt`, some
    /// listings edited after they were made, the time shown (`publishedAt`) the `editAt`; 全新
    /// (any non-zero `isNew`) exactly on the goods whose titles say 全新未拆封, 1 among them as in the demo.
    @Test func itsDatesAndConditionsAreTheDemos() throws {
        let dataSet = try DataSet.load(from: Self.folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent("pages").path)
        let records = try (1...names.count).flatMap { number -> [[String: Any]] in
            let data = try Data(contentsOf: Self.folder.appendingPathComponent("pages/page-\(number).json"))
            return try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["data"] as? [[String: Any]])
        }
        try #require(records.count == dataSet.goods.count)
        var edited = 0
        for (record, goods) in zip(records, dataSet.goods) {
            let created = try #require(record["createdAt"] as? String), editAt = try #require(record["editAt"] as? String)
            let updated = try #require(record["updatedAt"] as? String)
            #expect(created <= editAt && editAt <= updated, "item \(goods.id): \(created) \(editAt) \(updated)")
            #expect(BeijingTime.string(from: goods.publishedAt) == editAt)
            if created != editAt { edited += 1 }
            let isNew = try #require(record["isNew"] as? Int)
            #expect(goods.isBrandNew == (isNew != 0) && goods.isBrandNew == goods.title.contains("全新未拆封"), "item \(goods.id): \(isNew) \(goods.title)")
        }
        #expect(edited > records.count / 5 && edited < records.count, "\(edited) of \(records.count) edited")
        #expect(records.contains { $0["isNew"] as? Int == 1 } && records.contains { $0["isNew"] as? Int == 2 })
    }

    @Test func theDemoAccountsPictureIsInTheDataSet() throws {
        let avatar = try #require(Account.demo.avatar)
        #expect(FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent(avatar).path))
    }

    @Test func everyPictureItNamesExistsLocally() throws {
        let dataSet = try DataSet.load(from: Self.folder)
        let locations = Set(dataSet.goods.flatMap { [$0.seller.avatar].compactMap { $0 } + $0.images.map(\.location) }
            + dataSet.banners.map(\.image))
        let missing = locations.filter { !FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent($0).path) }
        #expect(missing.isEmpty, "\(missing.sorted().prefix(5))")
    }
}
