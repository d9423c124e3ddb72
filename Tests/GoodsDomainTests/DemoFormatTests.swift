import Testing
import Foundation
@testable import GoodsDomain

@Suite("The original demo's data format")
struct DemoFormatTests {
    @Test func beijingTimeParsesAndFormats() throws {
        let date = try #require(BeijingTime.date(from: "2017-01-13 09:57:54"))
        #expect(date.timeIntervalSince1970 == 1_484_272_674)
        #expect(BeijingTime.string(from: date) == "2017-01-13 09:57:54")
        #expect(BeijingTime.date(from: "2024-02-29 23:59:59") != nil)
        for bad in ["", "2017-13-01 00:00:00", "2023-02-29 10:00:00", "2017-01-13", "2017-01-13 25:00:00", "abcd-ef-gh ij:kl:mn"] {
            #expect(BeijingTime.date(from: bad) == nil, "\(bad)")
        }
    }

    @Test func decodesThePageQuirks() throws {
        let json = """
        {"data":[{"id":7,"title":"T","description":"D","price":75,"oprice":"99","expressType":1,"expressFee":10,
        "number":2,"locationAreaName":"鄂州 华容区","createdAt":"2017-01-12 20:54:51","isNew":2,
        "images":[{"id":1,"url":"http://x/a.jpg"}],"userId":3,"nickName":"N","avatar":0,"iszm":1,
        "messages":4,"likes":23,"isLike":0}],"currentPage":1,"lastPage":20,"perPage":"20"}
        """
        var problems: [String] = []
        let page = try DemoFormat.goodsPage(from: Data(json.utf8), problems: &problems)
        #expect(problems.isEmpty)
        #expect(page.perPage == 20 && page.lastPage == 20 && page.currentPage == 1)
        let item = try #require(page.goods.first)
        #expect(item.originalPrice == 99, "numbers written as strings are read")
        #expect(item.isBrandNew)
        #expect(item.seller.avatar == nil, "avatar 0 means none")
        #expect(item.seller.isVerified)
        #expect(item.expressType == .fee && item.expressFee == 10)
        #expect(BeijingTime.string(from: item.publishedAt) == "2017-01-12 20:54:51")
    }

    /// One item of a page in the demo's format, with the dates and `isNew` given.
    static func page(created: String, edited: String?, isNew: Int) -> Data {
        let edit = edited.map { #""editAt":"\#($0)","# } ?? ""
        return Data("""
        {"data":[{"id":7,"title":"T","description":"D","price":75,"oprice":0,"expressType":0,"number":1,
        "locationAreaName":"鄂州 华容区","createdAt":"\(created)",\(edit)"updatedAt":"2017-03-23 21:07:42","isNew":\(isNew),
        "images":[],"userId":3,"nickName":"N","avatar":0,"messages":0,"likes":0,"isLike":0}],
        "currentPage":1,"lastPage":1,"perPage":"20"}
        """.utf8)
    }

    @Test func thePublishTimeIsEditAtAsTheDemoShowsIt() throws {
        var problems: [String] = []
        let edited = try #require(DemoFormat.goodsPage(from: Self.page(created: "2017-01-12 20:54:51", edited: "2017-01-13 09:57:54", isNew: 2),
                                                       problems: &problems).goods.first)
        #expect(BeijingTime.string(from: edited.publishedAt) == "2017-01-13 09:57:54")
        // The demo reads the text as UTC (YYModel) and takes 8 hours off: the Beijing-time instant.
        #expect(edited.publishedAt.timeIntervalSince1970 == 1_484_301_474 - 8 * 3600)
        let unedited = try #require(DemoFormat.goodsPage(from: Self.page(created: "2017-01-12 20:54:51", edited: nil, isNew: 2),
                                                         problems: &problems).goods.first)
        #expect(BeijingTime.string(from: unedited.publishedAt) == "2017-01-12 20:54:51", "no editAt: createdAt")
        #expect(problems.isEmpty, "\(problems)")
        #expect(throws: DemoFormat.DecodingFailure.self) { try DemoFormat.goodsPage(from: Data("{}".utf8), problems: &problems) }
        _ = try DemoFormat.goodsPage(from: Self.page(created: "2017-01-12 20:54:51", edited: "2017-02-30 00:00:00", isNew: 2), problems: &problems)
        #expect(problems.count == 1 && problems[0].contains("editAt"), "a malformed editAt names the field: \(problems)")
    }

    @Test(arguments: [(0, false), (1, true), (2, true), (3, true)])
    func anyNonZeroIsNewIsBrandNew(isNew: Int, brandNew: Bool) throws {
        var problems: [String] = []
        let item = try #require(DemoFormat.goodsPage(from: Self.page(created: "2017-01-12 20:54:51", edited: nil, isNew: isNew),
                                                     problems: &problems).goods.first)
        #expect(item.condition == isNew)
        #expect(item.isBrandNew == brandNew)
    }

    @Test func theGeneratorsDatesAreWrittenAndEditAtReadsBack() throws {
        let page = Fixtures.dataSet(count: 3).pages[0]
        let data = try DemoFormat.encode(page) { goods in
            ListingDates(createdAt: goods.publishedAt.addingTimeInterval(-86_400), editAt: goods.publishedAt,
                         updatedAt: goods.publishedAt.addingTimeInterval(60))
        }
        let records = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])["data"] as? [[String: Any]]
        let first = try #require(records?.first)
        #expect(first["editAt"] as? String == BeijingTime.string(from: page.goods[0].publishedAt))
        #expect(first["createdAt"] as? String == BeijingTime.string(from: page.goods[0].publishedAt.addingTimeInterval(-86_400)))
        var problems: [String] = []
        let decoded = try DemoFormat.goodsPage(from: data, problems: &problems)
        #expect(decoded.goods.map(\.publishedAt) == page.goods.map(\.publishedAt), "publishedAt is the editAt written")
    }

    @Test func aBrokenItemIsSkippedWithAMessageNamingFileItemAndField() throws {
        let json = #"{"data":[{"id":7}],"currentPage":1,"lastPage":1,"perPage":"20"}"#
        var problems: [String] = []
        let page = try DemoFormat.goodsPage(from: Data(json.utf8), file: "SUGoodsData_9.data", problems: &problems)
        #expect(page.goods.isEmpty)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("SUGoodsData_9.data") == true && problems.first?.contains("item 1") == true
                && problems.first?.contains("title") == true, "\(problems)")
    }

    @Test func aFileThatIsNotAPageGetsAClearMessage() {
        var problems: [String] = []
        #expect {
            try DemoFormat.goodsPage(from: Data("[1, 2]".utf8), file: "page-3.json", problems: &problems)
        } throws: { error in
            "\(error)".contains("page-3.json")
        }
    }

    @Test func encodingRoundTripsInTheSameFormat() throws {
        let page = Fixtures.dataSet(count: 4).pages[0]
        let data = try DemoFormat.encode(page)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""perPage":"20""#), "perPage is written as a string, like the demo")
        var problems: [String] = []
        let decoded = try DemoFormat.goodsPage(from: data, problems: &problems)
        #expect(problems.isEmpty)
        #expect(decoded.goods.map(\.id) == page.goods.map(\.id))
        #expect(decoded.goods.map(\.seller) == page.goods.map(\.seller), "sellers, avatar 0 included")
        #expect(page.goods.contains { $0.seller.avatar == nil })
        #expect(decoded.goods[1].images == page.goods[1].images)
        #expect(decoded.goods.map(\.publishedAt) == page.goods.map(\.publishedAt))
        let banners = try DemoFormat.banners(from: DemoFormat.encode(Fixtures.dataSet(count: 1).banners), problems: &problems)
        #expect(banners.map(\.link) == [nil, "https://example.org"])
    }

    /// `../shared/reference-data/mhdemo` beside the checkout, where it exists.
    static let referenceFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/reference-data/mhdemo")

    /// The real files of the original demo, read as they are. Skipped, saying so, where the
    /// reference folder is absent (it is never copied into the repository).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: referenceFolder.path),
                   "skipped: ../shared/reference-data/mhdemo is absent on this machine"))
    func importsTheOriginalDemosTwentyOneFiles() throws {
        let folder = Self.referenceFolder
        let dataSet = try DataSet.load(from: folder)
        #expect(dataSet.problems.isEmpty, "\(dataSet.problems)")
        #expect(dataSet.pages.count == 20)
        #expect(dataSet.goods.count == 400)
        #expect(Set(dataSet.goods.map(\.id)).count == 377, "the demo lists some items twice")
        #expect(dataSet.banners.count == 5)
        #expect(dataSet.pages.allSatisfy { $0.perPage == 20 && $0.lastPage == 20 })
        let first = try #require(dataSet.pages.first?.goods.first)
        #expect(first.id == 2843)
        #expect(first.price == 75)
        #expect(first.seller.nickname == "💋、宁小婲")
        #expect(first.place == "鄂州 华容区")
        #expect(first.isBrandNew)
        #expect(first.likes == 23)
        #expect(BeijingTime.string(from: first.publishedAt) == "2017-01-13 09:57:54", "its editAt, not its createdAt 2017-01-12 20:54:51")
        #expect(dataSet.goods.contains { $0.seller.avatar == nil }, "some sellers have avatar 0")
        #expect(dataSet.goods.filter(\.isBrandNew).count == 396, "the demo's BOOL: every isNew but the four 0s")

        let store = try GoodsStore.inMemory(importing: dataSet)
        #expect(store.goodsCount == 400)
        #expect(try store.page(20, size: 20, viewer: nil).goods.last?.id == dataSet.goods.last?.id)
    }
}
