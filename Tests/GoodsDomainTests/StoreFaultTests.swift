import TestSupport
import Testing
import Foundation
import CSQLite
@testable import GoodsDomain

/// Every fault a desktop meets, with the user's likes checked after it: nothing committed is
/// ever lost, and nothing the user owns is deleted to "recover".
@Suite("Store faults keep the user's data")
struct StoreFaultTests {
    static let phone = "13800138000"

    /// A database at a fresh path holding 60 goods and two likes and an account of the user's,
    /// closed cleanly.
    static func storeWithLikes() throws -> (folder: URL, path: String) {
        let folder = Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("goodsdesk.sqlite").path
        let store = try GoodsStore.open(at: path, dataSet: { Fixtures.dataSet(count: 60) }, log: { _ in })
        try store.save(Account(phone: phone, nickname: "Mike", avatar: nil))
        try store.setLiked(true, goodsID: 3, phone: phone)
        try store.setLiked(true, goodsID: 41, phone: phone)
        store.close()
        return (folder, path)
    }

    /// The user's likes, read straight from the file with a plain connection.
    static func likes(at path: String) throws -> [Int] {
        try Database(path: path, readOnly: true).query("SELECT goods_id FROM likes WHERE phone = ? ORDER BY goods_id", [.text(phone)]) { $0.int(0) }
    }

    static func expectLikesIn(_ store: GoodsStore) throws {
        #expect(try store.goods(id: 3, viewer: phone)?.isLiked == true)
        #expect(try store.goods(id: 41, viewer: phone)?.isLiked == true)
        #expect(try store.goods(id: 3, viewer: phone)?.likes == 6, "the like is counted on its item")
    }

    static func entries(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func aSecondProcessOnTheSameFolderRunsReadOnlyAndRebuildsNothing() throws {
        let (_, path) = try Self.storeWithLikes()
        let first = try GoodsStore.open(at: path, dataSet: { Issue.record("no import"); return Fixtures.dataSet(count: 1) }, log: { _ in })
        try first.setLiked(true, goodsID: 7, phone: Self.phone)
        let log = Log<String>()
        let second = try GoodsStore.open(at: path, dataSet: { Issue.record("no import"); return Fixtures.dataSet(count: 1) }, log: log.append)
        #expect(second.access == .readOnly(.inUseByAnotherInstance))
        #expect(second.notices.count == 1)
        try Self.expectLikesIn(second)
        #expect(try second.goods(id: 7, viewer: Self.phone)?.isLiked == true, "it reads what the first committed")
        #expect { try second.setLiked(true, goodsID: 9, phone: Self.phone) } throws: { ($0 as? StoreError)?.kind == .readOnly(.inUseByAnotherInstance) }
        second.close()
        try first.setLiked(true, goodsID: 8, phone: Self.phone)
        first.close()
        #expect(try Self.likes(at: path) == [3, 7, 8, 41])
    }

    @Test func aSecondProcessDuringTheFirstImportWaitsInsteadOfImporting() throws {
        let folder = Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("goodsdesk.sqlite").path
        var nested: Result<GoodsStore, StoreError>?
        let store = try GoodsStore.open(at: path, dataSet: {
            // While the first import runs, a second opening must not import or touch the file.
            nested = Result { () throws(StoreError) in
                try GoodsStore.open(at: path, dataSet: { Issue.record("a second import"); return Fixtures.dataSet(count: 1) }, log: { _ in })
            }
            return Fixtures.dataSet(count: 30)
        }, log: { _ in })
        #expect(store.goodsCount == 30)
        guard case let .failure(error)? = nested else { Issue.record("the second opening must fail: \(String(describing: nested))"); return }
        #expect(error.kind == .importInProgress && error.path == path)
    }

    @Test func anotherProgramsExclusiveLockLeavesTheFileAlone() throws {
        let (_, path) = try Self.storeWithLikes()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let holder = try Database(path: path)
        try holder.execute("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; UPDATE meta SET value = value WHERE key = 'seeded'")
        var options = StoreOptions()
        options.busyTimeoutMilliseconds = 50
        #expect {
            try GoodsStore.open(at: path, dataSet: { Issue.record("no import"); return Fixtures.dataSet(count: 1) }, options: options, log: { _ in })
        } throws: { ($0 as? StoreError)?.kind == .locked && "\($0)".contains(path) }
        try holder.execute("ROLLBACK")
        holder.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let reopened = try GoodsStore.open(at: path, dataSet: { Issue.record("no import"); return Fixtures.dataSet(count: 1) }, log: { _ in })
        #expect(reopened.access == .readWrite)
        try Self.expectLikesIn(reopened)
    }

    @Test func aFullDiskOnTheFirstStartRunsFromMemoryAndLeavesNoFile() throws {
        let folder = Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("goodsdesk.sqlite").path
        var options = StoreOptions()
        // SQLite reports SQLITE_FULL once a file reaches its page limit, as on a full disk.
        options.configure = { database throws(DatabaseError) in try database.execute("PRAGMA max_page_count = 8") }
        let store = try GoodsStore.open(at: path, dataSet: { Fixtures.dataSet(count: 400) }, options: options, log: { _ in })
        #expect(store.access == .readOnly(.diskFull))
        #expect(store.goodsCount == 400, "the goods can still be browsed")
        #expect(store.notices == [.readOnly(.diskFull)])
        #expect(!FileManager.default.fileExists(atPath: path), "no half-written database is left at the path")
        #expect(!Self.entries(folder).contains { $0.contains("importing") }, "\(Self.entries(folder))")
    }

    @Test func aFullDiskLaterFailsTheLikeAndKeepsTheOthers() throws {
        let (_, path) = try Self.storeWithLikes()
        let pages = try Database(path: path).query("PRAGMA page_count") { $0.int(0) }.first ?? 0
        var options = StoreOptions()
        options.configure = { database throws(DatabaseError) in try database.execute("PRAGMA max_page_count = \(pages)") }
        let store = try GoodsStore.open(at: path, dataSet: { Issue.record("no import"); return Fixtures.dataSet(count: 1) }, options: options, log: { _ in })
        // Fill the last free space with one big account, then a like cannot be written.
        #expect(throws: StoreError.self) {
            for index in 0..<50 { try store.save(Account(phone: "139\(10_000_000 + index)", nickname: String(repeating: "满", count: 4000), avatar: nil)) }
        }
        try Self.expectLikesIn(store)
        store.close()
        #expect(try Self.likes(at: path) == [3, 41])
    }

    @Test func aNewerSchemaIsOpenedReadOnlyAndNeverDowngraded() throws {
        let (_, path) = try Self.storeWithLikes()
        try Database(path: path).setUserVersion(Schema.currentVersion + 5)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let store = try GoodsStore.open(at: path, dataSet: { Issue.record("no import"); return Fixtures.dataSet(count: 1) }, log: { _ in })
        #expect(store.access == .readOnly(.newerSchema(found: Schema.currentVersion + 5, known: Schema.currentVersion)))
        #expect(store.notices == [.readOnly(.newerSchema(found: Schema.currentVersion + 5, known: Schema.currentVersion))])
        try Self.expectLikesIn(store)
        #expect { try store.setLiked(false, goodsID: 3, phone: Self.phone) } throws: {
            ($0 as? StoreError)?.kind == .readOnly(.newerSchema(found: Schema.currentVersion + 5, known: Schema.currentVersion))
        }
        store.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "not a byte changed")
        #expect(try Database(path: path, readOnly: true).userVersion == Schema.currentVersion + 5)
    }

    @Test(arguments: ["folder", "fifo", "dangling link"])
    func somethingOtherThanAFileAtThePathIsRefusedUntouched(kind: String) throws {
        let folder = Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("goodsdesk.sqlite").path
        switch kind {
        case "folder":
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            try Data("the user's own file".utf8).write(to: URL(fileURLWithPath: path + "/notes.txt"))
        case "fifo":
            #expect(mkfifo(path, 0o600) == 0)
        default:
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: folder.appendingPathComponent("nowhere").path)
        }
        let before = Self.entries(folder)
        #expect {
            try GoodsStore.open(at: path, dataSet: { Issue.record("no import"); return Fixtures.dataSet(count: 1) }, log: { _ in })
        } throws: { ($0 as? StoreError)?.kind == .notAFile && "\($0)".contains(path) }
        #expect(Self.entries(folder) == before, "nothing was created, moved or removed")
        if kind == "folder" {
            #expect(try String(contentsOfFile: path + "/notes.txt", encoding: .utf8) == "the user's own file")
        }
    }

    @Test func aDamagedPageIsFoundAfterACrashTheFileKeptAndTheLikesCarriedOver() throws {
        let (folder, path) = try Self.storeWithLikes()
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        // Damage one page of an index of the goods, as a failing disk would.
        let (root, pageSize) = try {
            let database = try Database(path: path, readOnly: true)
            let root = try #require(try database.query("SELECT rootpage FROM sqlite_master WHERE name = 'goods_by_seller'") { $0.int(0) }.first)
            return (root, try #require(try database.query("PRAGMA page_size") { $0.int(0) }.first))
        }()
        var damaged = original
        let start = (root - 1) * pageSize
        damaged.replaceSubrange(start..<(start + pageSize), with: Data(repeating: 0xA5, count: pageSize))
        try damaged.write(to: URL(fileURLWithPath: path))
        // The last run did not close cleanly.
        try Data("open 1\n".utf8).write(to: URL(fileURLWithPath: path + ".lock"))
        let log = Log<String>()
        var options = StoreOptions()
        options.now = { Date(timeIntervalSince1970: 1_796_000_000) }
        let store = try GoodsStore.open(at: path, dataSet: { Fixtures.dataSet(count: 60) }, options: options, log: log.append)
        #expect(store.access == .readWrite)
        try Self.expectLikesIn(store)
        #expect(try store.account(phone: Self.phone)?.nickname == "Mike")
        let copies = Self.entries(folder).filter { $0.hasPrefix("goodsdesk.sqlite.damaged-\(Timestamp.fileName(options.now()))") }
        #expect(copies.count == 1, "\(Self.entries(folder))")
        let copy = folder.appendingPathComponent(copies.first ?? "?").path
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == damaged, "the damaged file is kept byte for byte")
        #expect(store.notices == [.rebuilt(keptAs: copy, accounts: 1, likes: 2)], "one account (Mike) and the two likes came over")
        #expect(log.values.count == 1, "\(log.values)")
    }

    @Test func aCleanExitSkipsTheWholeFileCheckAndACrashRunsIt() throws {
        let (_, path) = try Self.storeWithLikes()
        #expect(try String(contentsOfFile: path + ".lock", encoding: .utf8) == "clean\n")
        let store = try GoodsStore.open(at: path, dataSet: { Fixtures.dataSet(count: 1) }, log: { _ in })
        #expect(try String(contentsOfFile: path + ".lock", encoding: .utf8).hasPrefix("open "), "marked open while in use")
        #expect(try store.integrityProblems().isEmpty)
        store.close()
        #expect(try String(contentsOfFile: path + ".lock", encoding: .utf8) == "clean\n")
    }

    @Test func theCheckAfterACrashIsAnnouncedBeforeItRuns() throws {
        let (_, path) = try Self.storeWithLikes()
        let checks = Log<String>()
        var options = StoreOptions()
        options.checking = { checks.append("checking") }
        _ = try GoodsStore.open(at: path, dataSet: { Fixtures.dataSet(count: 1) }, options: options, log: { _ in })
        #expect(checks.values.isEmpty, "no check after a clean exit")
        try Data("open 1\n".utf8).write(to: URL(fileURLWithPath: path + ".lock"))
        let store = try GoodsStore.open(at: path, dataSet: { Fixtures.dataSet(count: 1) }, options: options, log: { _ in })
        #expect(checks.values == ["checking"])
        try Self.expectLikesIn(store)
    }

    @Test func closingCheckpointsTheWAL() throws {
        let (_, path) = try Self.storeWithLikes()
        var status = stat()
        let walSize = stat(path + "-wal", &status) == 0 ? Int(status.st_size) : 0
        #expect(walSize == 0, "the WAL is written into the database on close")
        #expect(try Self.likes(at: path) == [3, 41])
    }

    @Test func anUnfinishedImportWithoutUserDataIsReplacedAndOneWithItIsKept() throws {
        let folder = Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("goodsdesk.sqlite").path
        do {
            let database = try Database(path: path)
            try Schema.migrate(database)
            try database.run("INSERT INTO accounts (phone, nickname, avatar, last_login) VALUES (?, 'Mike', NULL, 1)", [.text(Self.phone)])
        }
        let store = try GoodsStore.open(at: path, dataSet: { Fixtures.dataSet(count: 10) }, log: { _ in })
        #expect(store.goodsCount == 10)
        #expect(try store.account(phone: Self.phone)?.nickname == "Mike", "the account was carried over")
        #expect(Self.entries(folder).contains { $0.hasPrefix("goodsdesk.sqlite.damaged-") }, "and its file kept")
    }
}
