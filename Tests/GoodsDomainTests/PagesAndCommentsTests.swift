import Testing
import Foundation
import Reactive
@testable import GoodsDomain

/// The seller, place and comments pages' data: goods by seller and by place, comments read from
/// the data set and added by the user, migration 5.
@Suite("Seller, place and comment pages' data")
struct PagesAndCommentsTests {
    static let author = Account(phone: "13800138000", nickname: "Mike", avatar: "images/avatars/account.svg")

    /// `count` goods; item i has i % 3 comments (and as many messages).
    static func commentedSet(count: Int = 30) -> DataSet {
        let base = Fixtures.dataSet(count: count, perPage: 10)
        let pages = base.pages.map { page -> GoodsPage in
            var goods = page.goods
            for index in goods.indices { goods[index].messages = goods[index].id % 3 }
            let comments = goods.flatMap { item in
                (0..<item.messages).map {
                    GoodsComment(goodsID: item.id, author: "网友\($0)", avatar: $0 == 0 ? nil : "images/avatars/\($0).svg",
                                 text: "第\($0)条：还在吗？", createdAt: Date(timeIntervalSince1970: 1_700_100_000 + Double(item.id * 10 + $0)))
                }
            }
            return GoodsPage(goods: goods, currentPage: page.currentPage, lastPage: page.lastPage, perPage: page.perPage, comments: comments)
        }
        return DataSet(pages: pages, banners: base.banners)
    }

    @Test func goodsBySellerAndByPlaceArePagedInListOrder() throws {
        let store = try GoodsStore.inMemory(importing: Fixtures.dataSet(count: 45))
        // Fixtures: item i is sold by seller i % 4 + 1, so seller 2 has 1, 5, 9, … 45.
        let first = try store.goods(bySeller: 2, page: 1, size: 5, viewer: nil)
        #expect(first.goods.map(\.id) == [1, 5, 9, 13, 17])
        #expect(first.goods.allSatisfy { $0.seller.id == 2 })
        #expect(first.lastPage == 3, "12 goods in pages of 5")
        #expect(try store.goods(bySeller: 2, page: 3, size: 5, viewer: nil).goods.map(\.id) == [41, 45])
        #expect(try store.goods(bySeller: 2, page: 4, size: 5, viewer: nil).goods.isEmpty)
        #expect(try store.goods(bySeller: 99, page: 1, size: 5, viewer: nil).goods.isEmpty)
        let place = try store.goods(atPlace: "杭州 西湖区", page: 2, size: 20, viewer: nil)
        #expect(place.goods.map(\.id) == Array(21...40))
        #expect(place.lastPage == 3)
        #expect(try store.goods(atPlace: "北京 朝阳区", page: 1, size: 20, viewer: nil).goods.isEmpty)
        try store.setLiked(true, goodsID: 5, phone: Self.author.phone)
        #expect(try store.goods(bySeller: 2, page: 1, size: 5, viewer: Self.author.phone).goods[1].isLiked)
    }

    @Test func aPlacesPageIsOneRangeOfThePlaceIndexAndASellersUsesTheSellerIndex() throws {
        let database = try Database(path: ":memory:")
        try Schema.migrate(database)
        func plan(_ condition: String) throws -> [String] {
            try database.query("EXPLAIN QUERY PLAN SELECT g.id FROM goods g WHERE \(condition) ORDER BY g.position LIMIT 20",
                               [.text("x")]) { $0.text(3) }
        }
        let place = try plan("g.place = ?")
        #expect(place.contains { $0.contains("USING INDEX goods_by_place (place=?)") }, "\(place)")
        #expect(!place.contains { $0.contains("TEMP B-TREE") }, "in list order straight from the index: \(place)")
        let seller = try plan("g.seller_id = ?")
        #expect(seller.contains { $0.contains("goods_by_seller") }, "\(seller)")
    }

    @Test func anItemListedTwiceKeepsTheCommentsOfBothListings() throws {
        // The demo's files allow an id on two pages; its comments number on, none lost.
        let item = Fixtures.dataSet(count: 1).pages[0].goods[0]
        func page(_ number: Int, texts: [String]) -> GoodsPage {
            GoodsPage(goods: [item], currentPage: number, lastPage: 2, perPage: 1, comments: texts.map {
                GoodsComment(goodsID: item.id, author: "网友", avatar: nil, text: $0, createdAt: Date(timeIntervalSince1970: 1_700_000_000))
            })
        }
        let store = try GoodsStore.inMemory(importing: DataSet(pages: [page(1, texts: ["一", "二"]), page(2, texts: ["三"])], banners: []))
        let comments = try store.comments(of: item.id, page: 1, size: 20).comments
        #expect(comments.map(\.text).sorted() == ["一", "三", "二"].sorted())
    }

    @Test func theDataSetsCommentsAreImported() throws {
        let set = Self.commentedSet()
        let store = try GoodsStore.inMemory(importing: set)
        var total = 0
        for item in set.goods {
            let comments = try store.comments(of: item.id, page: 1, size: 20)
            #expect(comments.comments.count == item.messages, "as many comments as messages for \(item.id)")
            total += comments.comments.count
        }
        #expect(total == set.pages.flatMap(\.comments).count)
        let two = try store.comments(of: 5, page: 1, size: 20).comments
        #expect(two.map(\.text) == ["第1条：还在吗？", "第0条：还在吗？"], "newest first")
        #expect(two.map(\.avatar) == ["images/avatars/1.svg", nil])
        #expect(try store.comments(of: 5, page: 1, size: 1).lastPage == 2)
    }

    @Test func commentsSurviveTheFileFormatAndTheDemosFilesHaveNone() throws {
        let page = Self.commentedSet().pages[0]
        var problems: [String] = []
        let read = try DemoFormat.goodsPage(from: DemoFormat.encode(page), problems: &problems)
        #expect(problems.isEmpty)
        #expect(read.comments == page.comments)
        #expect(read.goods == page.goods)
        // A page without comments is written without the field at all, as the demo's files are.
        let plain = try DemoFormat.encode(Fixtures.dataSet(count: 3).pages[0])
        #expect(!String(decoding: plain, as: UTF8.self).contains("comments"))
        #expect(try DemoFormat.goodsPage(from: plain, problems: &problems).comments.isEmpty)
    }

    @Test func aBadCommentSkipsItsItemWithTheFieldNamed() throws {
        var page = Self.commentedSet().pages[0]
        let long = String(repeating: "长", count: GoodsComment.maximumLength + 1)
        page.comments = page.comments.map { $0.goodsID == 2 ? GoodsComment(goodsID: 2, author: $0.author, avatar: nil, text: long, createdAt: $0.createdAt) : $0 }
        var problems: [String] = []
        let read = try DemoFormat.goodsPage(from: DemoFormat.encode(page), file: "page-1.json", problems: &problems)
        #expect(read.goods.map(\.id) == page.goods.map(\.id).filter { $0 != 2 }, "only the item with a too long comment is skipped")
        #expect(problems.count == 1)
        #expect(problems.first?.contains("(id 2)") == true && problems.first?.contains("comments[0].text") == true)
        #expect(!read.comments.contains { $0.goodsID == 2 })
    }

    @Test func anAddedCommentCountsOnceAndPersistsAcrossReopening() throws {
        let folder = Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("goodsdesk.sqlite").path
        let set = Self.commentedSet()
        do {
            let store = try GoodsStore.open(at: path, dataSet: { set }, log: { _ in })
            let added = try store.addComment("  能便宜点吗？\n", to: 5, by: Self.author, at: Date(timeIntervalSince1970: 1_800_000_000))
            #expect(added.messages == 3, "2 from the data set, then this one")
            #expect(added.comment.text == "能便宜点吗？", "trimmed")
            #expect(added.comment.author == "Mike" && added.comment.avatar == Self.author.avatar)
            #expect(try store.goods(id: 5, viewer: nil)?.messages == 3)
            store.close()
        }
        let reopened = try GoodsStore.open(at: path, dataSet: { Issue.record("must not re-import"); return set }, log: { _ in })
        let comments = try reopened.comments(of: 5, page: 1, size: 20).comments
        #expect(comments.count == 3)
        #expect(comments.first?.text == "能便宜点吗？", "the newest first")
        #expect(try reopened.goods(id: 5, viewer: nil)?.messages == 3)
    }

    @Test func blankTooLongOrOrphanCommentsAreRefusedAndChangeNothing() throws {
        let store = try GoodsStore.inMemory(importing: Self.commentedSet())
        for text in ["", "   ", "\n\t ", String(repeating: "字", count: GoodsComment.maximumLength + 1)] {
            #expect(throws: StoreError.self) { try store.addComment(text, to: 5, by: Self.author) }
        }
        #expect(throws: StoreError.self) { try store.addComment("在吗", to: 999_999, by: Self.author) }
        #expect(try store.goods(id: 5, viewer: nil)?.messages == 2)
        #expect(try store.comments(of: 5, page: 1, size: 20).comments.count == 2)
        #expect(try GoodsComment.cleaned(String(repeating: "字", count: GoodsComment.maximumLength)).count == GoodsComment.maximumLength)
        #expect(throws: CommentTextError.empty) { try GoodsComment.cleaned(" \u{3000} ") }
    }

    @Test func aVersion4StoreIsMigratedAndKeepsItsData() throws {
        let folder = Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("goodsdesk.sqlite").path
        do {
            // A database as search (migration 4) left it: seeded, with an account and a like.
            let old = try Database(path: path)
            for migration in Schema.migrations.prefix(4) { try old.execute(migration) }
            try old.setUserVersion(4)
            try old.execute("""
                INSERT INTO sellers VALUES (1, '小猫呀', NULL, 1);
                INSERT INTO goods VALUES (0, 3001, '华为手机壳', '九成新', 10, 0, 0, 0, 1, '北京 朝阳区', 0, 1, 1, 4, 1, 1);
                INSERT INTO accounts VALUES ('13800138000', 'Mike', NULL, 0);
                INSERT INTO likes VALUES ('13800138000', 3001, 0);
                INSERT INTO meta VALUES ('seeded', '1');
                """)
            old.close()
        }
        let store = try GoodsStore.open(at: path, dataSet: { Issue.record("no import"); return Fixtures.dataSet(count: 1) }, log: { _ in })
        #expect(try store.account(phone: "13800138000")?.nickname == "Mike", "the user's data is kept")
        #expect(try store.goods(id: 3001, viewer: "13800138000")?.isLiked == true)
        #expect(try store.comments(of: 3001, page: 1, size: 20).comments.isEmpty, "an older store has no comments")
        #expect(try store.addComment("还在吗", to: 3001, by: Self.author).messages == 5)
        #expect(try store.goods(atPlace: "北京 朝阳区", page: 1, size: 20, viewer: nil).goods.map(\.id) == [3001])
        store.close()
        let migrated = try Database(path: path, readOnly: true)
        #expect(try migrated.userVersion == Schema.currentVersion)
        #expect(try Schema.holdsUserData(migrated))
    }

    @Test func servicesAnswerAfterTheirLatencyAndCanFail() throws {
        let scheduler = TestScheduler()
        let server = SimulatedServer(scheduler: scheduler)
        let services = LocalServices(store: try GoodsStore.inMemory(importing: Self.commentedSet()), server: server, session: Session())
        let page = Mutexed<GoodsPage?>(nil)
        services.goods(bySeller: 2, page: 1, size: 20).startWithValues { page.set($0) }
        scheduler.advance(by: .milliseconds(749))
        #expect(page.get() == nil)
        scheduler.advance(by: .milliseconds(1))
        #expect(page.get()?.goods.first?.seller.id == 2)

        let failure = Mutexed<ServiceError?>(nil)
        services.addComment("在吗", to: 5).startWithFailed { failure.set($0) }
        scheduler.advance(by: .seconds(1))
        #expect(failure.get() == ServiceError(.notLoggedIn, request: .addComment))
        services.session.account.value = Self.author
        services.addComment("   ", to: 5).startWithFailed { failure.set($0) }
        scheduler.advance(by: .seconds(1))
        #expect(failure.get()?.kind == .invalidInput(.comment, .empty))
        #expect(failure.get()?.field == .comment)
        #expect(failure.get()?.storeError?.kind == .invalidComment(.empty), "the store refused it")

        let added = Mutexed<AddedComment?>(nil)
        services.addComment("在吗", to: 5).startWithValues { added.set($0) }
        scheduler.advance(by: .milliseconds(999))
        #expect(added.get() == nil)
        scheduler.advance(by: .milliseconds(1))
        #expect(added.get()?.messages == 3)

        server.setDown(true, for: [.comments, .placeGoods])
        services.comments(of: 5, page: 1, size: 20).startWithFailed { failure.set($0) }
        scheduler.advance(by: .seconds(1))
        #expect(failure.get() == ServiceError(.serverUnavailable, request: .comments))
    }
}

extension PagesAndCommentsTests {
    @Test func theCommittedDataSetHasAsManyCommentsAsMessagesWithLocalAvatars() throws {
        let dataSet = try DataSet.load(from: DataSetTests.folder)
        var problems: [String] = []
        let pages = dataSet.pages
        dataSet.forEachPage(problem: { problems.append($0) }) { _ in }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        let comments = Dictionary(grouping: pages.flatMap(\.comments), by: \.goodsID)
        for item in pages.flatMap(\.goods) {
            let mine = comments[item.id] ?? []
            #expect(mine.count == item.messages, "item \(item.id)")
            #expect(mine.allSatisfy { $0.createdAt >= item.publishedAt && !$0.text.isEmpty && !$0.author.isEmpty })
        }
        #expect(comments.values.joined().count > 100, "the data set has comments to show")
        let missing = Set(comments.values.joined().compactMap(\.avatar))
            .filter { !FileManager.default.fileExists(atPath: DataSetTests.folder.appendingPathComponent($0).path) }
        #expect(missing.isEmpty, "\(missing.sorted().prefix(5))")
        let store = try GoodsStore.inMemory(importing: dataSet)
        let commented = try #require(pages.flatMap(\.goods).first { $0.messages > 0 })
        #expect(try store.comments(of: commented.id, page: 1, size: 20).comments.count == commented.messages)
    }
}

extension PagesAndCommentsTests {
    @Test func theUsersCommentsAreCarriedOverFromADamagedStore() throws {
        let folder = Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("goodsdesk.sqlite").path
        let set = Self.commentedSet()
        do {
            let store = try GoodsStore.open(at: path, dataSet: { set }, log: { _ in })
            _ = try store.addComment("还在吗", to: 5, by: Self.author, at: Date(timeIntervalSince1970: 1_800_000_000))
            store.close()
        }
        // Damage one page of an index of the goods after an unclean exit, as a failing disk would.
        let (root, pageSize) = try {
            let database = try Database(path: path, readOnly: true)
            let root = try #require(try database.query("SELECT rootpage FROM sqlite_master WHERE name = 'goods_by_seller'") { $0.int(0) }.first)
            return (root, try #require(try database.query("PRAGMA page_size") { $0.int(0) }.first))
        }()
        var damaged = try Data(contentsOf: URL(fileURLWithPath: path))
        damaged.replaceSubrange(((root - 1) * pageSize)..<(root * pageSize), with: Data(repeating: 0xA5, count: pageSize))
        try damaged.write(to: URL(fileURLWithPath: path))
        try Data("open 1\n".utf8).write(to: URL(fileURLWithPath: path + ".lock"))
        let rebuilt = try GoodsStore.open(at: path, dataSet: { set }, log: { _ in })
        let comments = try rebuilt.comments(of: 5, page: 1, size: 20).comments
        #expect(comments.map(\.text) == ["还在吗", "第1条：还在吗？", "第0条：还在吗？"], "the data set's again, and the user's kept")
        #expect(try rebuilt.goods(id: 5, viewer: nil)?.messages == 3, "counted on its item")
    }
}
