import TestSupport
import Testing
import Foundation
@testable import GoodsDomain

/// Data files are untrusted: every mutation here is imported without a crash, the bad item alone
/// is skipped with a message naming file, item and field, and the rest of its page arrives.
@Suite("Importing untrusted data files")
struct ImporterTests {
    /// A data-set folder with one page of `count` goods written by the encoder, each item's JSON
    /// then changed by `mutate` (by index).
    static func folder(count: Int = 20, name: String = "page-1.json", mutate: (Int, inout [String: Any]) -> Void = { _, _ in }) throws -> URL {
        let folder = Fixtures.temporaryFolder()
        let pages = folder.appendingPathComponent("pages")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        let page = Fixtures.dataSet(count: count, perPage: count).pages[0]
        var object = try #require(try JSONSerialization.jsonObject(with: DemoFormat.encode(page)) as? [String: Any])
        var items = try #require(object["data"] as? [[String: Any]])
        for index in items.indices { mutate(index, &items[index]) }
        object["data"] = items
        try JSONSerialization.data(withJSONObject: object).write(to: pages.appendingPathComponent(name))
        try DemoFormat.encode(Fixtures.dataSet(count: 1).banners).write(to: folder.appendingPathComponent("banners.json"))
        return folder
    }

    /// Imports `folder` into a fresh database file; the store and the log.
    static func importing(_ folder: URL) throws -> (GoodsStore, [String]) {
        let log = Log<String>()
        let path = Fixtures.temporaryFolder().appendingPathComponent("goodsdesk.sqlite").path
        let store = try GoodsStore.open(at: path, dataSet: { () throws(DataSetError) in try DataSet.load(from: folder) }, log: log.append)
        return (store, log.values)
    }

    /// A raw JSON number text put in place of a value (JSONSerialization cannot write 1e30 as is).
    static func rawNumber(_ folder: URL, field: String, item: Int, text: String) throws {
        let file = folder.appendingPathComponent("pages/page-1.json")
        var json = try String(contentsOf: file, encoding: .utf8)
        let marker = "\"\(field)\":\"RAW\(item)\""
        json = json.replacingOccurrences(of: marker, with: "\"\(field)\":\(text)")
        try json.write(to: file, atomically: true, encoding: .utf8)
    }

    @Test(arguments: [
        ("price", "1e30"), ("id", "1e19"), ("id", "18446744073709551616"), ("likes", "-3"), ("hits", "1.5"),
        ("price", "\"99999999999999999999\""), ("userId", "-1"), ("isNew", "1000"), ("messages", "NaN"),
    ])
    func anOutOfRangeNumberSkipsOnlyItsItem(field: String, text: String) throws {
        let folder = try Self.folder { index, item in if index == 4 { item[field] = "RAW4" } }
        try Self.rawNumber(folder, field: field, item: 4, text: text)
        let (store, log) = try Self.importing(folder)
        if text == "NaN" {
            // Not JSON at all: the whole file is refused, clearly, and nothing crashes.
            #expect(store.goodsCount == 0)
            #expect(log.contains { $0.contains("page-1.json") }, "\(log)")
            return
        }
        #expect(store.goodsCount == 19, "one bad field skips its item, not its page")
        #expect(try store.goods(id: 5, viewer: nil) == nil)
        #expect(try store.goods(id: 6, viewer: nil) != nil)
        let line = try #require(log.first { $0.contains("page-1.json") }, Comment(rawValue: "\(log)"))
        #expect(line.contains("item 5") && line.contains(field), Comment(rawValue: line))
    }

    @Test(arguments: ["999999999999-01-01 00:00:00", "0000-01-01 00:00:00", "2017-02-30 00:00:00", "-5-01-01 00:00:00"])
    func anImpossibleDateSkipsItsItem(date: String) throws {
        let folder = try Self.folder { index, item in if index == 0 { item["createdAt"] = date } }
        let (store, log) = try Self.importing(folder)
        #expect(store.goodsCount == 19)
        #expect(log.contains { $0.contains("item 1") && $0.contains("createdAt") }, "\(log)")
    }

    @Test func farDatesAreFormattedWithoutOverflow() {
        for seconds in [Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, .infinity, .nan, 1e300] {
            let text = BeijingTime.string(from: Date(timeIntervalSince1970: seconds))
            #expect(text.count == 19, Comment(rawValue: text))
        }
    }

    @Test func aNULInATitleIsKeptWhole() throws {
        let folder = try Self.folder { index, item in if index == 2 { item["title"] = "前\u{0}后" } }
        let (store, _) = try Self.importing(folder)
        #expect(try store.goods(id: 3, viewer: nil)?.title == "前\u{0}后")
    }

    @Test(arguments: ["page-0.json", "page--1.json", "page-+5.json", "page-01.json", "page-1a.json", "page-.json", "page-99999999999999999999.json"])
    func onlyPageFilesNumberedFromOneCount(name: String) throws {
        let folder = try Self.folder(count: 5)
        let extra = try Data(contentsOf: folder.appendingPathComponent("pages/page-1.json"))
        try extra.write(to: folder.appendingPathComponent("pages/\(name)"))
        let loaded = try DataSet.load(from: folder)
        #expect(loaded.pageCount == 1, "\(name) is not a page")
        #expect(DataSet.pageNumber(in: "page-12.json", prefix: "page-", suffix: ".json") == 12)
        #expect(DataSet.pageNumber(in: "SUGoodsData_3.data", prefix: "SUGoodsData_", suffix: ".data") == 3)
    }

    @Test func pagesAreImportedInNumberOrderWithContiguousPositions() throws {
        let folder = Fixtures.temporaryFolder()
        let pages = folder.appendingPathComponent("pages")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        let dataSet = Fixtures.dataSet(count: 250, perPage: 20)
        for page in dataSet.pages {
            try DemoFormat.encode(page).write(to: pages.appendingPathComponent("page-\(page.currentPage).json"))
        }
        let (store, log) = try Self.importing(folder)
        #expect(log.isEmpty, "\(log)")
        #expect(store.goodsCount == 250)
        var seen: [Int] = []
        for number in 1...9 { seen += try store.page(number, size: 30, viewer: nil).goods.map(\.id) }
        #expect(seen == Array(1...250), "page 10 sorts after page 9, and every position is there once")
        #expect(try store.page(9, size: 30, viewer: nil).lastPage == 9)
    }

    @Test func progressCountsPagesAndGoods() throws {
        var seen: [ImportProgress] = []
        let path = Fixtures.temporaryFolder().appendingPathComponent("goodsdesk.sqlite").path
        _ = try GoodsStore.open(at: path, dataSet: { Fixtures.dataSet(count: 45) }, progress: { seen.append($0) }, log: { _ in })
        #expect(seen.first == ImportProgress(pagesRead: 0, pageCount: 3, goodsImported: 0))
        #expect(seen.last == ImportProgress(pagesRead: 3, pageCount: 3, goodsImported: 45))
        #expect(seen.last?.fraction == 1)
    }

    @Test func aSellerListedAgainWithNewDetailsKeepsTheLatest() throws {
        var first = Fixtures.goods(1, seller: 9)
        first.seller.nickname = "旧名"
        var second = Fixtures.goods(2, seller: 9)
        second.seller.nickname = "新名"
        let store = try GoodsStore.inMemory(importing: DataSet(pages: [GoodsPage(goods: [first, second], currentPage: 1, lastPage: 1, perPage: 20)], banners: []))
        #expect(try store.goods(id: 1, viewer: nil)?.seller.nickname == "新名")
    }

    @Test func pagesAreFoundByTheirPositionNotByOffset() throws {
        let store = try GoodsStore.inMemory(importing: Fixtures.dataSet(count: 100))
        let database = try Database(path: ":memory:")
        try Schema.migrate(database)
        let plan = try database.query("EXPLAIN QUERY PLAN SELECT g.id FROM goods g WHERE \(GoodsStore.pageClause)", [.int(0), .int(20)]) { $0.text(3) }
        #expect(plan.contains { $0.contains("USING INTEGER PRIMARY KEY (rowid>?)") }, "\(plan)")
        #expect(!GoodsStore.pageClause.contains("OFFSET"))
        #expect(try store.page(5, size: 20, viewer: nil).goods.map(\.id) == Array(81...100))
        #expect(try store.page(6, size: 20, viewer: nil).goods.isEmpty)
        #expect(try store.page(Int.max, size: Int.max, viewer: nil).goods.isEmpty, "no overflow on absurd requests")
    }

    @Test func importedIndexesAreRebuiltAfterTheRows() throws {
        let path = Fixtures.temporaryFolder().appendingPathComponent("goodsdesk.sqlite").path
        _ = try GoodsStore.open(at: path, dataSet: { Fixtures.dataSet(count: 30) }, log: { _ in })
        let indexes = try Database(path: path, readOnly: true).query("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name") { $0.text(0) }
        #expect(indexes == ["goods_by_id", "goods_by_place", "goods_by_seller"])
    }
}

extension ImporterTests {
    @Test func aFIFOOrADeviceNamedAsAPageIsRefusedWithoutWaiting() throws {
        let folder = try Self.folder(count: 5)
        #expect(mkfifo(folder.appendingPathComponent("pages/page-2.json").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("pages/page-3.json").path, withDestinationPath: "/dev/zero")
        let (store, log) = try Self.importing(folder)
        #expect(store.goodsCount == 5)
        #expect(log.filter { $0.contains("not a regular file") }.count == 2, "\(log)")
    }

    @Test func aHugePageFileIsRefusedBeforeItIsRead() throws {
        let folder = try Self.folder(count: 5)
        let big = folder.appendingPathComponent("pages/page-2.json")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        #expect(truncate(big.path, off_t(UntrustedFile.limit + 1)) == 0, "a sparse file: no disk is used")
        let (store, log) = try Self.importing(folder)
        #expect(store.goodsCount == 5)
        #expect(log.contains { $0.contains("page-2.json") && $0.contains("more than") }, "\(log)")
    }
}
