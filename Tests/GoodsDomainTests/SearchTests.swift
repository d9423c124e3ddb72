import Testing
import Foundation
import Reactive
@testable import GoodsDomain

/// Generated goods whose text mixes Chinese, Latin in both cases, and the characters `LIKE` and
/// FTS5 treat specially, with the naive search every result is compared with.
enum SearchFixtures {
    static let words = ["华为", "手机", "iPhone", "IPHONE", "小米", "平板电脑", "全新", "九成新", "100%", "a_b", "x\\y",
                        "\"引号\"", "包邮", "Ab", "ab", "数码", "é", "É", "，", " ", "手机壳", "华为手机"]
    static let nicknames = ["小猫呀", "阿鱼_", "大熊2018", "快乐的柚子的小店", "Mike", "MIKE%"]
    static let places = ["北京 朝阳区", "上海 浦东新区", "杭州 西湖区", "鄂州 华容区"]

    /// `count` goods (ids 1…count) with text picked by a fixed-seed generator, in pages of 20.
    static func dataSet(count: Int) -> DataSet { dataSet(generated(count: count)) }

    /// `goods` in pages of 20.
    static func dataSet(_ all: [Goods]) -> DataSet {
        let count = all.count
        let pages = stride(from: 0, to: count, by: 20).enumerated().map { index, start in
            GoodsPage(goods: Array(all[start..<min(count, start + 20)]), currentPage: index + 1, lastPage: (count + 19) / 20, perPage: 20)
        }
        return DataSet(pages: pages, banners: [], problems: [])
    }

    /// `count` goods (ids 1…count) with text picked by a fixed-seed generator.
    static func generated(count: Int) -> [Goods] {
        var seed: UInt64 = 0x5EA2C4
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        func phrase(_ length: Int) -> String { (0..<length).map { _ in words[next(words.count)] }.joined() }
        return (1...count).map { id -> Goods in
            var item = Fixtures.goods(id, seller: next(nicknames.count) + 1)
            item.title = phrase(1 + next(4))
            item.description = phrase(next(6))
            item.place = places[next(places.count)]
            item.seller.nickname = nicknames[item.seller.id - 1]
            return item
        }
    }

    static func goods(of set: DataSet) -> [Goods] { set.pages.flatMap(\.goods) }

    /// The ids of the goods whose title, description, nickname or place holds `query` (trimmed),
    /// scalar by scalar with ASCII letters folded: the definition the search must meet.
    static func naive(_ query: String, in goods: [Goods]) -> [Int] {
        func folded(_ text: String) -> [UInt32] {
            text.unicodeScalars.map { ("A"..."Z").contains($0) ? $0.value + 32 : $0.value }
        }
        let needle = folded(query.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !needle.isEmpty else { return [] }
        return goods.filter { item in
            [item.title, item.description, item.seller.nickname, item.place].contains { folded($0).firstRange(of: needle) != nil }
        }.map(\.id)
    }

    /// Every result of `query`, page after page of `size`.
    static func allResults(_ store: GoodsStore, _ query: String, size: Int = 1_000) throws -> [SearchPage] {
        var pages: [SearchPage] = []
        repeat {
            pages.append(try store.search(query, page: pages.count + 1, size: size, viewer: nil))
        } while pages.last?.hasMore == true && pages.count < 10_000
        return pages
    }
}

@Suite("Full-text search")
struct SearchTests {
    static let set = SearchFixtures.dataSet(count: 400)
    static let goods = SearchFixtures.goods(of: set)

    /// Queries: every run of 1 to 5 scalars in some of the goods' text, those in capitals, and
    /// the awkward ones.
    static func queries() -> [String] {
        var queries = Set<String>()
        for item in goods.prefix(25) {
            for text in [item.title, item.description, item.seller.nickname, item.place] {
                let scalars = Array(text.unicodeScalars)
                for length in 1...5 where scalars.count >= length {
                    for start in 0...(scalars.count - length) {
                        var run = String.UnicodeScalarView()
                        run.append(contentsOf: scalars[start..<(start + length)])
                        queries.insert(String(run))
                        queries.insert(String(run).uppercased())
                    }
                }
            }
        }
        queries.formUnion(["%", "_", "\\", "\"", "%%", "0%", "1_0", "a%b", "_b", "x\\y", "\"引", "\"\"", "É", "é", "ÉÉÉ",
                           "éé", "  华为 ", "\n手机\t", "不存在的东西", "nothing", "mike%", "Mike%", "ike", "MIKE", "ipho", "Iphone"])
        return queries.sorted()
    }

    @Test func debiansSQLiteHasTheTrigramTokenizer() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'trigram')")
    }

    @Test func resultsEqualANaiveScanForManyQueries() throws {
        let store = try GoodsStore.inMemory(importing: Self.set)
        let queries = Self.queries()
        #expect(queries.count > 500)
        var indexed = 0, scanned = 0, nonEmpty = 0
        for query in queries {
            let pages = try SearchFixtures.allResults(store, query)
            let found = pages.flatMap(\.hits).map(\.goods.id)
            let expected = SearchFixtures.naive(query, in: Self.goods)
            #expect(found == expected, "query \(query.debugDescription)")
            if SearchQuery(query)?.usesIndex == true { indexed += 1 } else { scanned += 1 }
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(indexed > 200 && scanned > 100, "both ways are exercised: \(indexed) indexed, \(scanned) scanned")
        #expect(nonEmpty > 400, "most queries find something")
    }

    @Test func theIndexOnlyProposesWhatTheTextHolds() throws {
        // "ÉÉÉ" folds to "ééé" in the trigram index but not in LIKE: the index proposes both, the
        // check keeps only what the text holds scalar by scalar.
        var goods = SearchFixtures.generated(count: 3)
        goods[0].title = "ÉÉÉ capitals"
        goods[1].title = "ééé small"
        goods[2].title = "EEE ascii"
        let store = try GoodsStore.inMemory(importing: SearchFixtures.dataSet(goods))
        #expect(try store.search("ÉÉÉ", page: 1, size: 20, viewer: nil).hits.map(\.goods.id) == [1])
        #expect(try store.search("ééé", page: 1, size: 20, viewer: nil).hits.map(\.goods.id) == [2])
        #expect(try store.search("eee", page: 1, size: 20, viewer: nil).hits.map(\.goods.id) == [3])
    }

    @Test func pagesFollowTheListsRules() throws {
        let store = try GoodsStore.inMemory(importing: Self.set)
        for query in ["手机", "华为手机", "iphone", "b", "100%", "Mike"] {
            let expected = SearchFixtures.naive(query, in: Self.goods)
            let pages = try SearchFixtures.allResults(store, query, size: 7)
            #expect(pages.flatMap(\.hits).map(\.goods.id) == expected, "query \(query)")
            #expect(pages.count == max(1, (expected.count + 6) / 7), "query \(query): \(expected.count) results")
            #expect(pages.dropLast().allSatisfy { $0.hits.count == 7 && $0.hasMore && $0.lastPage == $0.currentPage + 1 })
            #expect(pages.last?.hasMore == false && pages.last?.lastPage == pages.last?.currentPage)
            #expect(pages.allSatisfy { $0.perPage == 7 && $0.query == query })
            #expect(pages.enumerated().allSatisfy { $0.element.currentPage == $0.offset + 1 })
            let past = try store.search(query, page: pages.count + 1, size: 7, viewer: nil)
            #expect(past.hits.isEmpty && !past.hasMore, "past the end is empty, not an error")
        }
        let big = try store.search("手机", page: 1, size: 50_000, viewer: nil)
        #expect(big.perPage == GoodsStore.maximumPageSize, "sizes are clamped as the list's")
        #expect(try store.search("手机", page: 0, size: 0, viewer: nil).currentPage == 1)
        #expect(try store.search("手机", page: 0, size: 0, viewer: nil).perPage == 1)
        #expect(try store.search("手机", page: .max, size: 20, viewer: nil).hits.isEmpty, "a page no offset reaches")
        #expect(try store.search("手机", page: 1, size: 20, viewer: nil).goodsPage.goods.map(\.id) == Array(SearchFixtures.naive("手机", in: Self.goods).prefix(20)))
    }

    @Test func emptyAndBlankQueriesFindNothing() throws {
        let store = try GoodsStore.inMemory(importing: Self.set)
        for query in ["", " ", "\n\t ", "手\0机"] {
            let page = try store.search(query, page: 1, size: 20, viewer: nil)
            #expect(page.hits.isEmpty && !page.hasMore, "query \(query.debugDescription)")
        }
    }

    @Test func wildcardsAndQuotesStandForThemselves() throws {
        var goods = SearchFixtures.generated(count: 6)
        let titles = ["100%纯棉", "1000纯棉", "a_b_c", "aXbXc", "say \"hi\" 你好", "back\\slash"]
        for (index, title) in titles.enumerated() {
            goods[index].title = title
            goods[index].description = ""
            goods[index].place = "北京"
            goods[index].seller.nickname = "卖家"
        }
        let store = try GoodsStore.inMemory(importing: SearchFixtures.dataSet(goods))
        func ids(_ query: String) throws -> [Int] { try store.search(query, page: 1, size: 20, viewer: nil).hits.map(\.goods.id) }
        #expect(try ids("%") == [1])
        #expect(try ids("0%") == [1])
        #expect(try ids("0%纯") == [1])
        #expect(try ids("_") == [3])
        #expect(try ids("a_b") == [3])
        #expect(try ids("_b_") == [3])
        #expect(try ids("\"") == [5])
        #expect(try ids("\"hi\"") == [5])
        #expect(try ids("y \"h") == [5])
        #expect(try ids("\\") == [6])
        #expect(try ids("k\\s") == [6])
        #expect(try ids("纯棉") == [1, 2])
    }

    @Test func titlesCarryTheirMatchesForHighlighting() throws {
        var goods = SearchFixtures.generated(count: 3)
        goods[0].title = "华为手机，华为平板"
        goods[0].description = ""
        goods[1].title = "小米电视"
        goods[1].description = "不是华为"
        goods[2].title = "iPhone 13"
        let store = try GoodsStore.inMemory(importing: SearchFixtures.dataSet(goods))
        let page = try store.search("华为", page: 1, size: 20, viewer: nil)
        #expect(page.hits.map(\.goods.id) == [1, 2])
        let title = page.hits[0].goods.title
        #expect(page.hits[0].titleMatches.map { String(title[$0]) } == ["华为", "华为"])
        #expect(page.hits[0].titleMatches.map { title.distance(from: title.startIndex, to: $0.lowerBound) } == [0, 5])
        #expect(page.hits[0].titleMatchByteRanges == [0..<6, 15..<21], "three UTF-8 bytes a character")
        #expect(page.hits[1].titleMatches.isEmpty, "found by its description: nothing to highlight in the title")
        let latin = try store.search("PHONE", page: 1, size: 20, viewer: nil)
        #expect(latin.hits.map(\.goods.id) == [3])
        #expect(latin.hits[0].titleMatches.map { String(latin.hits[0].goods.title[$0]) } == ["Phone"])
    }

    @Test func matchRangesAreJoinedAndCaseBlindForASCIIOnly() {
        func strings(_ query: String, _ text: String) -> [String] {
            SearchMatching.ranges(of: query, in: text).map { String(text[$0]) }
        }
        #expect(strings("手机", "二手手机手机壳") == ["手机手机"], "touching matches are one range")
        #expect(strings("aa", "aaa") == ["aaa"], "overlapping matches are one range")
        #expect(strings("全新", "九成新") == [])
        #expect(strings("ab", "xAbyaB") == ["Ab", "aB"])
        #expect(strings("é", "É é") == ["é"], "only ASCII letters are folded, as LIKE does")
        #expect(strings(" 华为 ", "华为Mate") == ["华为"], "the query is trimmed as the search trims it")
        #expect(strings("", "abc").isEmpty)
        #expect(strings("长长长长", "长长").isEmpty)
        #expect(strings("🐱", "猫🐱猫") == ["🐱"])
    }

    @Test func anOlderDatabaseGetsTheIndexAndKeepsItsData() throws {
        let folder = Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("goodsdesk.sqlite").path
        do {
            // A database as Step 4 left it: schema version 3, seeded, with an account and a like.
            let old = try Database(path: path)
            for migration in Schema.migrations.prefix(3) { try old.execute(migration) }
            try old.setUserVersion(3)
            try old.execute("""
                INSERT INTO sellers VALUES (1, '小猫呀', NULL, 1), (2, '大熊', NULL, 0);
                INSERT INTO goods VALUES (0, 3001, '华为手机壳', '九成新', 10, 0, 0, 0, 1, '北京 朝阳区', 0, 1, 1, 0, 0, 1);
                INSERT INTO goods VALUES (1, 3002, '小米平板', '送手机壳', 10, 0, 0, 0, 1, '杭州 西湖区', 0, 1, 2, 0, 0, 1);
                INSERT INTO goods VALUES (2, 3003, '台灯', '好用', 10, 0, 0, 0, 1, '鄂州 华容区', 0, 1, 2, 0, 0, 1);
                INSERT INTO accounts VALUES ('13800138000', 'Mike', NULL, 0);
                INSERT INTO likes VALUES ('13800138000', 3002, 0);
                INSERT INTO meta VALUES ('seeded', '3');
                """)
            old.close()
        }
        let store = try GoodsStore.open(at: path, dataSet: { Issue.record("no import"); return Fixtures.dataSet(count: 1) }, log: { _ in })
        #expect(try store.search("手机壳", page: 1, size: 20, viewer: nil).hits.map(\.goods.id) == [3001, 3002])
        #expect(try store.search("小猫呀", page: 1, size: 20, viewer: nil).hits.map(\.goods.id) == [3001])
        #expect(try store.search("华容区", page: 1, size: 20, viewer: "13800138000").hits.map(\.goods.id) == [3003])
        #expect(try store.search("平板", page: 1, size: 20, viewer: "13800138000").hits.first?.goods.isLiked == true)
        #expect(try store.account(phone: "13800138000")?.nickname == "Mike", "the user's data is kept")
        store.close()
        let migrated = try Database(path: path, readOnly: true)
        #expect(try migrated.userVersion == Schema.currentVersion)
        #expect(try migrated.query("SELECT rowid FROM goods_search WHERE goods_search MATCH '\"手机壳\"' ORDER BY rowid") { $0.int(0) } == [0, 1],
                "the index itself holds the goods that were there")
    }

    @Test func aReadOnlyDatabaseWithoutTheIndexIsScanned() throws {
        // A newer schema opens read-only and is never migrated: without the index, every search scans.
        let folder = Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("goodsdesk.sqlite").path
        try GoodsStore.open(at: path, dataSet: { Self.set }, log: { _ in }).close()
        do {
            let database = try Database(path: path)
            try database.execute("DROP TABLE goods_search")
            try database.setUserVersion(Schema.currentVersion + 1)
        }
        let store = try GoodsStore.open(at: path, dataSet: { Issue.record("no import"); return Self.set }, log: { _ in })
        #expect(!store.access.isWritable)
        for query in ["华为手机", "iphone", "手机", "%"] {
            #expect(try SearchFixtures.allResults(store, query).flatMap(\.hits).map(\.goods.id) == SearchFixtures.naive(query, in: Self.goods))
        }
    }

    @Test func triggersKeepTheIndexInStepWithTheText() throws {
        let folder = Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("goodsdesk.sqlite").path
        try GoodsStore.open(at: path, dataSet: { Self.set }, log: { _ in }).close()
        let database = try Database(path: path)
        func candidates(_ trigram: String) throws -> Int {
            try database.query("SELECT count(*) FROM goods_search WHERE goods_search MATCH ?", [.text("\"\(trigram)\"")]) { $0.int(0) }.first ?? -1
        }
        #expect(try candidates("小猫呀") > 0)
        try database.execute("UPDATE sellers SET nickname = '安静的鱼' WHERE nickname = '小猫呀'")
        #expect(try candidates("小猫呀") == 0, "the old nickname left the index")
        try database.execute("UPDATE goods SET title = '绝版黑胶唱片' WHERE position = 5")
        try database.execute("DELETE FROM images WHERE goods_position = 7; DELETE FROM goods WHERE position = 7")
        try database.execute("""
            INSERT INTO goods SELECT 10000, 99999, '复古胶片相机', description, price, original_price, express_type,
                express_fee, count, place, published_at, condition, seller_id, messages, likes, hits FROM goods WHERE position = 8
            """)
        database.close()
        var current = Self.goods
        for index in current.indices where current[index].seller.nickname == "小猫呀" { current[index].seller.nickname = "安静的鱼" }
        current[5].title = "绝版黑胶唱片"
        var added = current[8]
        added.id = 99999
        added.title = "复古胶片相机"
        current.remove(at: 7)
        current.append(added)
        let store = try GoodsStore.open(at: path, dataSet: { Issue.record("no import"); return Self.set }, log: { _ in })
        for query in ["小猫呀", "安静的鱼", "静的", "黑胶唱", "胶片相机", "胶", current[7].title, Self.goods[7].title] {
            #expect(try SearchFixtures.allResults(store, query).flatMap(\.hits).map(\.goods.id) == SearchFixtures.naive(query, in: current), "query \(query)")
        }
    }

    @Test func anImportIndexesEachSellerByTheNicknameItEndsWith() throws {
        var goods = SearchFixtures.generated(count: 40)
        // The same seller renamed half-way through the data set: the store keeps the last name.
        for index in 20..<40 where goods[index].seller.id == 1 {
            goods[index].seller.nickname = "改名后的店"
        }
        let ownID = 1
        let store = try GoodsStore.inMemory(importing: SearchFixtures.dataSet(goods))
        let all = goods.filter { $0.seller.id == ownID }.map(\.id)
        #expect(!all.isEmpty)
        #expect(try store.search("改名后的店", page: 1, size: 100, viewer: nil).hits.map(\.goods.id) == all)
        #expect(try store.search("小猫呀", page: 1, size: 100, viewer: nil).hits.filter { $0.goods.seller.id == ownID }.isEmpty)
    }
}

@Suite("Search service on virtual time")
struct SearchServiceTests {
    let scheduler = TestScheduler()

    func makeServices() throws -> (LocalServices, SimulatedServer) {
        let server = SimulatedServer(scheduler: scheduler)
        let store = try GoodsStore.inMemory(importing: SearchFixtures.dataSet(count: 100))
        return (LocalServices(store: store, server: server, session: Session()), server)
    }

    @Test func answersOnTheSchedulerWithLikesForTheSession() throws {
        let (services, _) = try makeServices()
        let expected = SearchFixtures.naive("手机", in: SearchFixtures.goods(of: SearchFixtures.dataSet(count: 100)))
        try services.store.save(Account(phone: "13800138000", nickname: "Mike", avatar: nil))
        let liked = try #require(expected.first)
        try services.store.setLiked(true, goodsID: liked, phone: "13800138000")
        services.session.account.value = Account(phone: "13800138000", nickname: "Mike", avatar: nil)
        let page = Mutexed<SearchPage?>(nil)
        (services as any SearchService).search("手机", page: 1, size: 20).startWithValues { page.set($0) }
        #expect(page.get() == nil, "never answered inline")
        scheduler.advance()
        #expect(page.get()?.hits.map(\.goods.id) == Array(expected.prefix(20)))
        #expect(page.get()?.hits.first?.goods.isLiked == true)
        #expect(page.get()?.hasMore == (expected.count > 20))
    }

    @Test func aDisposedSearchIsDroppedAndADownServerFails() throws {
        let (services, server) = try makeServices()
        let page = Mutexed<SearchPage?>(nil)
        let disposable = services.search("手机", page: 1, size: 20).startWithValues { page.set($0) }
        disposable.dispose()
        scheduler.advance()
        #expect(page.get() == nil, "the next keystroke's search replaces it")
        server.setDown(true, for: [.search])
        let failure = Mutexed<ServiceError?>(nil)
        services.search("手机", page: 1, size: 20).startWithFailed { failure.set($0) }
        scheduler.advance()
        #expect(failure.get() == ServiceError(.serverUnavailable, request: .search))
    }
}
