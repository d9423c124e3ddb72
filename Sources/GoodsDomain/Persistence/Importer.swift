import Foundation

/// How far an import has got: pages are known before they are read, goods as they go in.
public struct ImportProgress: Sendable, Equatable {
    public var pagesRead: Int
    public var pageCount: Int
    public var goodsImported: Int

    public init(pagesRead: Int, pageCount: Int, goodsImported: Int) {
        self.pagesRead = pagesRead
        self.pageCount = pageCount
        self.goodsImported = goodsImported
    }

    /// Done so far, from 0 to 1.
    public var fraction: Double { pageCount == 0 ? 1 : Double(pagesRead) / Double(pageCount) }
}

/// Imports a data set into a new database in linear time and bounded memory: one thread
/// decodes page files a few pages ahead while this one inserts them, with prepared statements in
/// one transaction; indexes are dropped first and built once after the rows.
enum Importer {
    /// Pages decoded ahead of the inserts (memory stays a few pages, whatever the data set's size).
    static let lookAhead = 16
    /// Problems logged one by one before the rest are only counted.
    static let problemsLogged = 50

    /// Imports `dataSet` into `database` (migrated, holding no goods); returns how many goods.
    static func run(
        into database: Database, dataSet: DataSet, progress: (ImportProgress) -> Void, log: (String) -> Void
    ) throws(DatabaseError) -> Int {
        var problemCount = 0
        func report(_ problem: String) {
            problemCount += 1
            if problemCount <= problemsLogged { log("GoodsDesk: data set: \(problem)") }
        }
        dataSet.problems.forEach(report)

        let queue = PageQueue(capacity: lookAhead)
        let decoder = Thread {
            try? dataSet.forEachPage(problem: { queue.push(.problem($0)) }) { page in
                guard queue.push(.page(page)) else { throw PageQueue.Cancelled() }
            }
            queue.finish()
        }
        decoder.name = "goodsdesk.import"
        decoder.start()
        defer { queue.cancel() }

        let indexes = try database.query("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL") {
            (name: $0.text(0), sql: $0.text(1))
        }
        let count = try database.transaction { () throws(DatabaseError) -> Int in
            for index in indexes { try database.execute("DROP INDEX \"\(index.name)\"") }
            try SearchIndex.suspendTriggers(database)
            let inserts = try Inserts(database)
            var state = ImportProgress(pagesRead: 0, pageCount: dataSet.pageCount, goodsImported: 0)
            progress(state)
            while let element = queue.pop() {
                switch element {
                case let .problem(problem):
                    report(problem)
                case let .page(page):
                    for item in page.goods {
                        try inserts.add(item, at: state.goodsImported)
                        state.goodsImported += 1
                    }
                    for comment in page.comments { try inserts.add(comment) }
                    state.pagesRead += 1
                    progress(state)
                }
            }
            for banner in dataSet.banners { try inserts.add(banner) }
            for index in indexes { try database.execute(index.sql) }
            try SearchIndex.build(database)
            try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('seeded', ?)", [.text(String(state.goodsImported))])
            return state.goodsImported
        }
        if problemCount > problemsLogged {
            log("GoodsDesk: data set: \(problemCount - problemsLogged) more problems not shown (\(problemCount) in all)")
        }
        return count
    }

    /// The prepared inserts of one import.
    private final class Inserts {
        let seller: Statement
        let goods: Statement
        let image: Statement
        let banner: Statement
        let comment: Statement
        let nextCommentNumber: Statement
        /// The item whose comments are being written and the number its last one got: an item's
        /// comments come one after another, so only its first asks the table.
        var commented: (goodsID: Int, number: Int)?
        /// Each seller's fields as last written (by hash): a seller listed a million times is
        /// written once, and again only when a later listing changes it.
        var sellers: [Int: Int] = [:]

        init(_ database: Database) throws(DatabaseError) {
            seller = try database.prepare("""
                INSERT INTO sellers (id, nickname, avatar, verified) VALUES (?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET nickname = excluded.nickname, avatar = excluded.avatar,
                    verified = excluded.verified
                """)
            goods = try database.prepare("""
                INSERT INTO goods (id, position, title, description, price, original_price,
                    express_type, express_fee, count, place, published_at, condition, seller_id,
                    messages, likes, hits)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            image = try database.prepare("INSERT INTO images (goods_position, position, id, location) VALUES (?, ?, ?, ?)")
            banner = try database.prepare(
                "INSERT OR REPLACE INTO banners (id, title, image, link, display_order) VALUES (?, ?, ?, ?, ?)")
            comment = try database.prepare(
                "INSERT INTO comments (goods_id, number, author, avatar, text, created_at) VALUES (?, ?, ?, ?, ?, ?)")
            // An item listed twice (the demo's files allow it) numbers on after its earlier comments.
            nextCommentNumber = try database.prepare("SELECT coalesce(max(number), 0) + 1 FROM comments WHERE goods_id = ?")
        }

        func add(_ item: Goods, at position: Int) throws(DatabaseError) {
            let fields = item.seller.hashValue
            if sellers[item.seller.id] != fields {
                sellers[item.seller.id] = fields
                try seller.run([.int(item.seller.id), .text(item.seller.nickname),
                                item.seller.avatar.map(SQLValue.text) ?? .null, .int(item.seller.isVerified ? 1 : 0)])
            }
            // Bound one by one: a million rows, no array each.
            try goods.bind(.int(item.id), at: 1)
            try goods.bind(.int(position), at: 2)
            try goods.bind(.text(item.title), at: 3)
            try goods.bind(.text(item.description), at: 4)
            try goods.bind(.int(item.price), at: 5)
            try goods.bind(.int(item.originalPrice), at: 6)
            try goods.bind(.int(item.expressType.rawValue), at: 7)
            try goods.bind(.int(item.expressFee), at: 8)
            try goods.bind(.int(item.count), at: 9)
            try goods.bind(.text(item.place), at: 10)
            try goods.bind(.double(item.publishedAt.timeIntervalSince1970), at: 11)
            try goods.bind(.int(item.condition), at: 12)
            try goods.bind(.int(item.seller.id), at: 13)
            try goods.bind(.int(item.messages), at: 14)
            try goods.bind(.int(item.likes), at: 15)
            try goods.bind(.int(item.hits), at: 16)
            try goods.execute()
            for (index, picture) in item.images.enumerated() {
                try image.bind(.int(position), at: 1)
                try image.bind(.int(index), at: 2)
                try image.bind(.int(picture.id), at: 3)
                try image.bind(.text(picture.location), at: 4)
                try image.execute()
            }
        }

        func add(_ comment: GoodsComment) throws(DatabaseError) {
            let number: Int
            if let commented, commented.goodsID == comment.goodsID {
                number = commented.number + 1
            } else {
                try nextCommentNumber.reset([.int(comment.goodsID)])
                number = try nextCommentNumber.step() ? max(1, nextCommentNumber.int(0)) : 1
                while try nextCommentNumber.step() {}
            }
            commented = (comment.goodsID, number)
            // Bound one by one, as the goods: millions of rows, no array each.
            try self.comment.bind(.int(comment.goodsID), at: 1)
            try self.comment.bind(.int(number), at: 2)
            try self.comment.bind(.text(comment.author), at: 3)
            try self.comment.bind(comment.avatar.map(SQLValue.text) ?? .null, at: 4)
            try self.comment.bind(.text(comment.text), at: 5)
            try self.comment.bind(.double(comment.createdAt.timeIntervalSince1970), at: 6)
            try self.comment.execute()
        }

        func add(_ banner: Banner) throws(DatabaseError) {
            try self.banner.run([.int(banner.id), .text(banner.title), .text(banner.image),
                                 banner.link.map(SQLValue.text) ?? .null, .int(banner.displayOrder)])
        }
    }
}

/// Decoded pages handed from the decoding thread to the inserting one, at most `capacity` at a
/// time.
// @unchecked: every stored property is read and written only while `condition` is locked.
final class PageQueue: @unchecked Sendable {
    enum Element: Sendable {
        case page(GoodsPage)
        case problem(String)
    }

    struct Cancelled: Error {}

    private let condition = NSCondition()
    private var elements: [Element] = []
    private var head = 0
    private var finished = false
    private var cancelled = false
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// Adds `element`, waiting while the queue is full; false once the reader has gone.
    @discardableResult
    func push(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while elements.count - head >= capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        elements.append(element)
        condition.broadcast()
        return true
    }

    /// The next element, waiting for one; nil when the writer finished and all were taken.
    func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while head == elements.count && !finished && !cancelled { condition.wait() }
        guard head < elements.count, !cancelled else { return nil }
        let element = elements[head]
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        }
        condition.broadcast()
        return element
    }

    /// The writer has no more.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The reader stops: a waiting writer is released and told to stop.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
