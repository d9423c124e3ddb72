import TestSupport
import Testing
import Foundation
import Synchronization
@testable import GoodsDomain

@Suite("SQLite store")
struct GoodsStoreTests {
    @Test func pagesComeInOrderWithTheirPicturesAndSellers() throws {
        let store = try GoodsStore.inMemory(importing: Fixtures.dataSet(count: 45))
        #expect(store.goodsCount == 45)
        let first = try store.page(1, size: 20, viewer: nil)
        #expect(first.goods.map(\.id) == Array(1...20))
        #expect(first.lastPage == 3)
        #expect(first.goods[0].images == [GoodsImage(id: 10, location: "images/goods/1-1.svg")])
        #expect(first.goods[0] == Fixtures.goods(1, seller: 2))
        let last = try store.page(3, size: 20, viewer: nil)
        #expect(last.goods.map(\.id) == Array(41...45))
        #expect(try store.page(4, size: 20, viewer: nil).goods.isEmpty, "past the end is empty, not an error")
        #expect(try store.banners().map(\.id) == [1, 2], "banners in display order")
    }

    @Test func likesAreCountedOncePerAccountAndPersist() throws {
        let folder = Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("goodsdesk.sqlite").path
        let log = Log<String>()
        do {
            let store = try GoodsStore.open(at: path, dataSet: { Fixtures.dataSet(count: 5) }, log: log.append)
            let liked = try store.setLiked(true, goodsID: 2, phone: "13800138000")
            #expect(liked.isLiked && liked.likes == 6)
            #expect(try store.setLiked(true, goodsID: 2, phone: "13800138000").likes == 6, "liking twice counts once")
            #expect(try store.goods(id: 2, viewer: "13912345678")?.isLiked == false, "likes are per account")
        }
        let reopened = try GoodsStore.open(at: path, dataSet: { Issue.record("must not re-import"); return Fixtures.dataSet(count: 1) }, log: log.append)
        let item = try #require(try reopened.goods(id: 2, viewer: "13800138000"))
        #expect(item.isLiked && item.likes == 6, "the like survived closing the database")
        #expect(try reopened.setLiked(false, goodsID: 2, phone: "13800138000").likes == 5)
        #expect(log.values.isEmpty)
    }

    @Test func accountsAreRecordedAndUpdated() throws {
        let store = try GoodsStore.inMemory(importing: Fixtures.dataSet(count: 1))
        #expect(try store.account(phone: "13874389438") == nil)
        try store.save(Account(phone: "13874389438", nickname: "Mike", avatar: "images/avatars/3.svg"))
        try store.save(Account(phone: "13874389438", nickname: "Mike", avatar: nil))
        #expect(try store.account(phone: "13874389438") == Account(phone: "13874389438", nickname: "Mike", avatar: nil))
    }

    @Test func theSchemaIsVersionedAndUsesWAL() throws {
        let folder = Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("db.sqlite").path
        _ = try GoodsStore.open(at: path, dataSet: { Fixtures.dataSet(count: 2) }, log: { _ in })
        let database = try Database(path: path)
        #expect(try database.userVersion == Schema.currentVersion)
        #expect(try database.query("PRAGMA journal_mode") { $0.text(0) } == ["wal"])
    }

    @Test func aNewerSchemaIsRefusedNotDamaged() throws {
        let database = try Database(path: ":memory:")
        try database.setUserVersion(Schema.currentVersion + 1)
        #expect(throws: DatabaseError.self) { try Schema.migrate(database) }
    }

    @Test(arguments: ["garbage", "truncated", "empty tables"])
    func anUnreadableDatabaseIsRebuiltWithOneClearLogLine(damage: String) throws {
        let folder = Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("goodsdesk.sqlite").path
        switch damage {
        case "garbage":
            try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
        case "truncated":
            _ = try GoodsStore.open(at: path, dataSet: { Fixtures.dataSet(count: 200) }, log: { _ in })
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: 3000)
            try handle.close()
            try? FileManager.default.removeItem(atPath: path + "-wal")
        default:
            let database = try Database(path: path)
            try database.execute("CREATE TABLE unrelated (x); PRAGMA user_version = 1")
        }
        let log = Log<String>()
        let store = try GoodsStore.open(at: path, dataSet: { Fixtures.dataSet(count: 30) }, log: log.append)
        #expect(store.goodsCount == 30)
        #expect(log.values.count == 1, "\(log.values)")
        #expect(log.values.first?.contains("rebuilding it from the data set") == true)
        #expect(log.values.first?.contains(path) == true)
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("goodsdesk.sqlite.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        #expect(kept.count == 1, "the damaged file is kept beside the new one: \(kept)")
        guard store.notices.count == 1, case let .rebuilt(copy, _, _) = store.notices[0] else {
            Issue.record("one notice, that the file was rebuilt: \(store.notices)")
            return
        }
        #expect(copy == folder.appendingPathComponent(kept.first ?? "?").path)
    }

    @Test func aMissingDataSetIsAClearErrorNotACrash() {
        let path = Fixtures.temporaryFolder().appendingPathComponent("db.sqlite").path
        #expect {
            try GoodsStore.open(at: path, dataSet: { () throws(DataSetError) -> DataSet in
                try DataSet.load(from: URL(fileURLWithPath: "/nonexistent/goodsdesk-data"))
            }, log: { _ in })
        } throws: { error in
            "\(error)".contains("/nonexistent/goodsdesk-data")
        }
    }

    @Test func aDataSetWithABadFileLoadsTheRestAndSaysWhich() throws {
        let folder = Fixtures.temporaryFolder()
        let pages = folder.appendingPathComponent("pages")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        let dataSet = Fixtures.dataSet(count: 40)
        try DemoFormat.encode(dataSet.pages[0]).write(to: pages.appendingPathComponent("page-1.json"))
        try Data("{ not json".utf8).write(to: pages.appendingPathComponent("page-2.json"))
        try DemoFormat.encode(dataSet.banners).write(to: folder.appendingPathComponent("banners.json"))
        let loaded = try DataSet.load(from: folder)
        #expect(loaded.pageCount == 2)
        #expect(loaded.banners.count == 2)
        #expect(loaded.problems.isEmpty, "pages are read when visited")
        var problems: [String] = []
        var goods: [Goods] = []
        loaded.forEachPage(problem: { problems.append($0) }) { goods += $0.goods }
        #expect(goods.count == 20)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("page-2.json") == true, "\(problems)")
    }
}
