import Foundation
import Testing
import TestSupport
@testable import GoodsDomain
import GoodsViewModels
import Reactive
import ViewModelKit

/// Every fault the store can meet, made for real (a second GoodsDesk, a full disk, a newer
/// schema, a medium that refuses writes, another program's lock, a damaged page, a closed store,
/// a write SQLite refuses), fed through every service call; the sentence the user reads is
/// checked exactly, and that no sentence carries a type, a `StoreError` or a `(…)` dump.
@Suite("Every store fault through every service, in the user's words", .serialized)
struct ServiceFaultWordingTests {
    /// The service calls, each made as the screens make it; the login last (it logs in).
    enum Call: CaseIterable {
        case page, banners, like, sellerGoods, placeGoods, comments, addComment, search, login
    }

    static let phone = "13800138000"

    /// A services world over `store`, logged in as `phone`, on virtual time.
    struct Faulty {
        let scheduler = TestScheduler()
        let services: LocalServices

        init(_ store: GoodsStore, loggedIn: Bool = true) {
            services = LocalServices(store: store, server: SimulatedServer(scheduler: scheduler), session: Session())
            if loggedIn { services.session.account.value = Account(phone: ServiceFaultWordingTests.phone, nickname: "Mike", avatar: nil) }
        }

        func producer(_ call: Call) -> SignalProducer<Void, ServiceError> {
            switch call {
            case .login: services.login(phone: "13900139000", code: "5858").map { _ in () }
            case .page: services.page(1, size: 20).map { _ in () }
            case .banners: services.banners().map { _ in () }
            case .like: services.setLiked(true, goodsID: 5).map { _ in () }
            case .sellerGoods: services.goods(bySeller: 2, page: 1, size: 20).map { _ in () }
            case .placeGoods: services.goods(atPlace: "杭州", page: 1, size: 20).map { _ in () }
            case .comments: services.comments(of: 5, page: 1, size: 20).map { _ in () }
            case .addComment: services.addComment("在吗", to: 5).map { _ in () }
            case .search: services.search("商品", page: 1, size: 20).map { _ in () }
            }
        }

        /// What the user reads after `call`: nil when it succeeded.
        func sentence(_ call: Call) -> String? {
            let failures = Log<ServiceError>()
            let values = Log<Void>()
            producer(call).start(Signal<Void, ServiceError>.Observer(value: { values.append($0) }, failed: { failures.append($0) }))
            scheduler.run()
            #expect(failures.values.count + values.values.count == 1, "\(call) answers once")
            guard let failure = failures.values.first else { return nil }
            #expect(failure.request != nil, "\(call) names its request")
            return failure.userMessage ?? "<nothing said>"
        }
    }

    /// What every call says in a world, by call; a call missing succeeded.
    static func sentences(_ world: Faulty) -> [Call: String] {
        var said: [Call: String] = [:]
        for call in Call.allCases { said[call] = world.sentence(call) }
        for sentence in said.values { expectWorded(sentence) }
        return said
    }

    /// A sentence for a person: no type names, no error dump.
    static func expectWorded(_ sentence: String) {
        for dump in ["Error", "error", "(", ")", "SQLite", "Kind", "kind", "code", "failed", "database", "Optional"] {
            #expect(!sentence.contains(dump), "\"\(sentence)\" shows \(dump)")
        }
        #expect(!sentence.isEmpty)
    }

    /// Only the writes fail, saying `reason` after what failed; the login still works (read-only
    /// data lets the user browse).
    static func writesFail(because reason: String) -> [Call: String] {
        [.like: "无法保存收藏：\(reason)", .addComment: "无法保存留言：\(reason)"]
    }

    // MARK: The store made to fail for real

    static func folderWithStore(count: Int = 60) throws -> (folder: URL, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("goodsdesk.sqlite").path
        let store = try GoodsStore.open(at: path, dataSet: { World.dataSet(count: count) }, log: { _ in })
        store.close()
        return (folder, path)
    }

    static func reopen(_ path: String, options: StoreOptions = StoreOptions()) throws -> GoodsStore {
        try GoodsStore.open(at: path, dataSet: { Issue.record("no import"); return World.dataSet(count: 1) }, options: options, log: { _ in })
    }

    @Test func anotherGoodsDeskOnTheSameData() throws {
        let (_, path) = try Self.folderWithStore()
        let first = try Self.reopen(path)
        defer { first.close() }
        let second = try Self.reopen(path)
        #expect(second.access == .readOnly(.inUseByAnotherInstance))
        #expect(Self.sentences(Faulty(second)) == Self.writesFail(because: "另一个 GoodsDesk 正在使用这些数据，本窗口只能查看"))
    }

    @Test func aFullDiskAtTheFirstStart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-faults-\(UUID().uuidString)")
        var options = StoreOptions()
        options.configure = { database throws(DatabaseError) in try database.execute("PRAGMA max_page_count = 8") }
        let store = try GoodsStore.open(at: folder.appendingPathComponent("goodsdesk.sqlite").path,
                                        dataSet: { World.dataSet(count: 60) }, options: options, log: { _ in })
        #expect(store.access == .readOnly(.diskFull))
        #expect(Self.sentences(Faulty(store)) == Self.writesFail(because: "磁盘已满，本窗口只能查看"))
    }

    @Test func aNewerSchema() throws {
        let (_, path) = try Self.folderWithStore()
        try Database(path: path).setUserVersion(Schema.currentVersion + 5)
        let store = try Self.reopen(path)
        #expect(Self.sentences(Faulty(store)) == Self.writesFail(
            because: "数据库由更新版本的 GoodsDesk 创建（版本 \(Schema.currentVersion + 5)，本程序为 \(Schema.currentVersion)），本窗口只能查看"))
    }

    @Test func aMediumThatRefusesWrites() throws {
        let (_, path) = try Self.folderWithStore()
        var options = StoreOptions()
        // Every write of the connection is refused with SQLITE_READONLY, as on a read-only mount.
        options.configure = { database throws(DatabaseError) in try database.execute("PRAGMA query_only = ON") }
        let store = try Self.reopen(path, options: options)
        #expect(Self.sentences(Faulty(store)) == Self.writesFail(because: "数据库所在位置不可写，本窗口只能查看"))
    }

    @Test func aFullDiskLater() throws {
        let (_, path) = try Self.folderWithStore()
        let pages = try Database(path: path).query("PRAGMA page_count") { $0.int(0) }.first ?? 0
        var options = StoreOptions()
        // No page past the file's size, and every write grows the file by a lot: SQLITE_FULL.
        options.configure = { database throws(DatabaseError) in
            try database.execute("PRAGMA max_page_count = \(pages)")
            for table in ["likes", "comments", "accounts"] {
                try database.execute("""
                    CREATE TEMP TRIGGER IF NOT EXISTS fill_\(table) AFTER INSERT ON main.\(table)
                    BEGIN INSERT INTO meta (key, value) VALUES ('filler' || random(), zeroblob(400000)); END
                    """)
            }
        }
        let store = try Self.reopen(path, options: options)
        #expect(store.access == .readWrite)
        var expected = Self.writesFail(because: "磁盘已满，没有保存")
        expected[.login] = "无法登录：磁盘已满，没有保存"
        #expect(Self.sentences(Faulty(store)) == expected)
    }

    @Test func anotherProgramsWriteLockOutlastsTheWait() throws {
        let (_, path) = try Self.folderWithStore()
        var options = StoreOptions()
        options.busyTimeoutMilliseconds = 20
        let store = try Self.reopen(path, options: options)
        // Another program writing: readers go on (WAL), writers wait, then give up.
        let holder = try Database(path: path)
        try holder.execute("BEGIN IMMEDIATE; UPDATE meta SET value = value WHERE key = 'seeded'")
        defer {
            try? holder.execute("ROLLBACK")
            holder.close()
        }
        let busy = "数据库正被其他程序占用，请稍后再试"
        var expected = Self.writesFail(because: busy)
        expected[.login] = "无法登录：\(busy)"
        #expect(Self.sentences(Faulty(store)) == expected)
    }

    @Test func aDamagedPage() throws {
        let (_, path) = try Self.folderWithStore()
        let (root, pageSize) = try {
            let database = try Database(path: path, readOnly: true)
            defer { database.close() }
            let root = try database.query("SELECT rootpage FROM sqlite_master WHERE name = 'goods'") { $0.int(0) }.first ?? 0
            let size = try database.query("PRAGMA page_size") { $0.int(0) }.first ?? 0
            return (root, size)
        }()
        try #require(root > 1 && pageSize > 0)
        // The goods table's root page overwritten: every read of a goods row meets SQLITE_CORRUPT.
        let file = try #require(FileHandle(forWritingAtPath: path))
        try file.seek(toOffset: UInt64((root - 1) * pageSize))
        try file.write(contentsOf: Data(repeating: 0xFF, count: pageSize))
        try file.close()
        let store = try Self.reopen(path)
        let damaged = "数据库文件已损坏，GoodsDesk 下次启动时会检查它"
        #expect(Self.sentences(Faulty(store)) == [
            .page: "无法读取商品：\(damaged)", .like: "无法保存收藏：\(damaged)", .sellerGoods: "无法读取商品：\(damaged)",
            .placeGoods: "无法读取商品：\(damaged)", .addComment: "无法保存留言：\(damaged)", .search: "无法搜索商品：\(damaged)",
        ])
    }

    @Test func aClosedStore() throws {
        let store = try GoodsStore.inMemory(importing: World.dataSet(count: 45))
        store.close()
        let closed = "数据库已关闭"
        #expect(Self.sentences(Faulty(store)) == [
            .login: "无法登录：\(closed)", .page: "无法读取商品：\(closed)", .banners: "无法读取广告：\(closed)",
            .like: "无法保存收藏：\(closed)", .sellerGoods: "无法读取商品：\(closed)", .placeGoods: "无法读取商品：\(closed)",
            .comments: "无法读取留言：\(closed)", .addComment: "无法保存留言：\(closed)", .search: "无法搜索商品：\(closed)",
        ])
    }

    @Test func aWriteSQLiteRefusesForAnotherReason() throws {
        let (_, path) = try Self.folderWithStore()
        var options = StoreOptions()
        options.configure = { database throws(DatabaseError) in
            for table in ["likes", "comments", "accounts"] {
                try database.execute("CREATE TEMP TRIGGER IF NOT EXISTS refuse_\(table) BEFORE INSERT ON main.\(table) BEGIN SELECT RAISE(ABORT, 'refused'); END")
            }
        }
        let store = try Self.reopen(path, options: options)
        var expected = Self.writesFail(because: "数据库出错")
        expected[.login] = "无法登录：数据库出错"
        #expect(Self.sentences(Faulty(store)) == expected)
    }

    @Test func aServerThatIsDown() throws {
        let world = Faulty(try GoodsStore.inMemory(importing: World.dataSet(count: 45)))
        world.services.server.setDown(true)
        let said = Self.sentences(world)
        #expect(said.count == Call.allCases.count)
        #expect(Set(said.values) == ["呜呜，服务器不给力呀..."])
    }

    @Test func nobodyLoggedIn() throws {
        let world = Faulty(try GoodsStore.inMemory(importing: World.dataSet(count: 45)), loggedIn: false)
        #expect(Self.sentences(world) == [.like: "请先登录", .addComment: "请先登录"])
    }

    @Test func anItemThatIsNotThereAndACommentRefused() throws {
        let world = Faulty(try GoodsStore.inMemory(importing: World.dataSet(count: 45)))
        let failures = Log<ServiceError>()
        world.services.setLiked(true, goodsID: 999_999).startWithFailed { failures.append($0) }
        world.services.addComment("在吗", to: 999_999).startWithFailed { failures.append($0) }
        world.services.addComment(" \u{3000} ", to: 5).startWithFailed { failures.append($0) }
        world.services.addComment(String(repeating: "长", count: GoodsComment.maximumLength + 1), to: 5).startWithFailed { failures.append($0) }
        world.scheduler.run()
        #expect(failures.values.map(\.userMessage) == ["无法保存收藏：没有这件商品", "无法保存留言：没有这件商品", "留言不能为空", "留言不能超过 200 个字"])
        #expect(failures.values.map(\.field) == [nil, nil, .comment, .comment])
        #expect(failures.values.map { $0.storeError?.kind } == [.notFound, .notFound, .invalidComment(.empty), .invalidComment(.tooLong)])
    }

    @Test func aCancelledSearchSaysNothing() throws {
        let world = Faulty(try GoodsStore.inMemory(importing: World.dataSet(count: 45)))
        let events = Log<String>()
        let search = world.services.search("商品", page: 1, size: 20)
            .start(Signal<SearchPage, ServiceError>.Observer { events.append("\($0)") })
        search.dispose()
        world.scheduler.run()
        #expect(events.values.allSatisfy { $0.contains("interrupted") })
        #expect(ServiceError(StoreError.cancelled, request: .search).userMessage == nil)
    }
}
