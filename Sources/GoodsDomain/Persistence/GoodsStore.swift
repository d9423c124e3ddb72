import CSQLite
import Foundation

/// Why the store could not be opened or used.
public struct StoreError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// The local data: accounts, goods with their pictures and sellers, banners and likes, in SQLite.
///
/// Every write runs in a transaction; the database uses WAL. Opening never crashes on a bad
/// file: a missing, truncated or corrupt database is rebuilt from the data set, with one log line.
/// Thread-safe: the connection is used behind a mutex.
public final class GoodsStore: @unchecked Sendable {
    // `database` is only ever used while holding `lock` (see `read` and `write`).
    private let database: Database
    private let lock = NSLock()
    /// Where the database lives (`:memory:` for a private one).
    public let path: String

    private init(database: Database, path: String) {
        self.database = database
        self.path = path
    }

    // MARK: Opening

    /// Opens the database at `path`, creating it and importing `dataSet()` on first use, and
    /// rebuilding it the same way when the file is unreadable. `log` gets one line per rebuild
    /// and per data-set problem.
    public static func open(
        at path: String, dataSet: () throws(DataSetError) -> DataSet, log: (String) -> Void
    ) throws(StoreError) -> GoodsStore {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        do {
            let database = try Database(path: path)
            try prepare(database)
            if try !isSeeded(database) {
                try seed(database, with: loadDataSet(dataSet, log: log))
            }
            return GoodsStore(database: database, path: path)
        } catch let error as DatabaseError {
            log("GoodsDesk: the database at \(path) is unreadable (\(error.message)); rebuilding it from the data set")
        } catch let error as StoreError {
            throw error
        } catch {
            log("GoodsDesk: the database at \(path) is unreadable (\(error)); rebuilding it from the data set")
        }
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
        do {
            let database = try Database(path: path)
            try prepare(database)
            try seed(database, with: loadDataSet(dataSet, log: log))
            return GoodsStore(database: database, path: path)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(message: "cannot create the database at \(path): \(error)")
        }
    }

    /// A private in-memory store holding `dataSet` (tests, benchmarks).
    public static func inMemory(importing dataSet: DataSet) throws(StoreError) -> GoodsStore {
        do {
            let database = try Database(path: ":memory:")
            try prepare(database)
            try seed(database, with: dataSet)
            return GoodsStore(database: database, path: ":memory:")
        } catch {
            throw StoreError(message: "cannot create an in-memory store: \(error)")
        }
    }

    private static func loadDataSet(_ load: () throws(DataSetError) -> DataSet, log: (String) -> Void) throws(StoreError) -> DataSet {
        do {
            let dataSet = try load()
            for problem in dataSet.problems { log("GoodsDesk: data set: \(problem)") }
            return dataSet
        } catch {
            throw StoreError(message: "cannot read the data set: \(error)")
        }
    }

    /// Checks the file is a healthy database, turns on WAL and foreign keys, and migrates.
    private static func prepare(_ database: Database) throws(DatabaseError) {
        let check = try database.query("PRAGMA quick_check") { $0.text(0) }
        guard check == ["ok"] else {
            throw DatabaseError(code: SQLITE_CORRUPT, message: "integrity check failed: \(check.prefix(3).joined(separator: "; "))")
        }
        try database.execute("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL")
        try Schema.migrate(database)
        let tables = Set(try database.query("SELECT name FROM sqlite_master WHERE type = 'table'") { $0.text(0) })
        guard Schema.requiredTables.isSubset(of: tables) else {
            throw DatabaseError(code: SQLITE_CORRUPT, message: "tables missing: \(Schema.requiredTables.subtracting(tables).sorted())")
        }
    }

    private static func isSeeded(_ database: Database) throws(DatabaseError) -> Bool {
        try !database.query("SELECT value FROM meta WHERE key = 'seeded'") { $0.text(0) }.isEmpty
    }

    /// Imports a data set in one transaction. Pages keep their order through `position`.
    static func seed(_ database: Database, with dataSet: DataSet) throws(DatabaseError) {
        try database.transaction { () throws(DatabaseError) in
            let seller = try database.prepare(
                "INSERT OR REPLACE INTO sellers (id, nickname, avatar, verified) VALUES (?, ?, ?, ?)")
            let goods = try database.prepare("""
                INSERT OR REPLACE INTO goods (id, position, title, description, price, original_price,
                    express_type, express_fee, count, place, published_at, condition, seller_id,
                    messages, likes, hits)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let image = try database.prepare(
                "INSERT OR REPLACE INTO images (goods_position, position, id, location) VALUES (?, ?, ?, ?)")
            for (position, item) in dataSet.goods.enumerated() {
                try seller.reset([.int(item.seller.id), .text(item.seller.nickname),
                                  item.seller.avatar.map(SQLValue.text) ?? .null, .int(item.seller.isVerified ? 1 : 0)])
                while try seller.step() {}
                try goods.reset([
                    .int(item.id), .int(position), .text(item.title), .text(item.description), .int(item.price),
                    .int(item.originalPrice), .int(item.expressType.rawValue), .int(item.expressFee), .int(item.count),
                    .text(item.place), .double(item.publishedAt.timeIntervalSince1970), .int(item.condition),
                    .int(item.seller.id), .int(item.messages), .int(item.likes), .int(item.hits),
                ])
                while try goods.step() {}
                for (index, picture) in item.images.enumerated() {
                    try image.reset([.int(position), .int(index), .int(picture.id), .text(picture.location)])
                    while try image.step() {}
                }
            }
            for banner in dataSet.banners {
                try database.run(
                    "INSERT OR REPLACE INTO banners (id, title, image, link, display_order) VALUES (?, ?, ?, ?, ?)",
                    [.int(banner.id), .text(banner.title), .text(banner.image),
                     banner.link.map(SQLValue.text) ?? .null, .int(banner.displayOrder)])
            }
            try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('seeded', ?)", [.text(String(dataSet.goods.count))])
        }
    }

    // MARK: Reading

    /// How many goods there are.
    public func goodsCount() throws(StoreError) -> Int {
        try read { db throws(DatabaseError) in try db.query("SELECT COUNT(*) FROM goods") { $0.int(0) }.first ?? 0 }
    }

    /// Page `number` (from 1) of `size` goods, in data-set order; `isLiked` is for `viewer`.
    public func page(_ number: Int, size: Int, viewer: String?) throws(StoreError) -> GoodsPage {
        let size = max(1, size)
        let number = max(1, number)
        let total = try goodsCount()
        let lastPage = max(1, (total + size - 1) / size)
        let goods = try read { db throws(DatabaseError) in
            try Self.goods(db, where: "1 = 1 ORDER BY g.position LIMIT ? OFFSET ?",
                           [.int(size), .int((number - 1) * size)], viewer: viewer)
        }
        return GoodsPage(goods: goods, currentPage: number, lastPage: lastPage, perPage: size)
    }

    /// One item, or nil when there is none with `id`.
    public func goods(id: Int, viewer: String?) throws(StoreError) -> Goods? {
        try read { db throws(DatabaseError) in
            try Self.goods(db, where: "g.id = ? ORDER BY g.position LIMIT 1", [.int(id)], viewer: viewer).first
        }
    }

    /// The banners, in display order.
    public func banners() throws(StoreError) -> [Banner] {
        try read { db throws(DatabaseError) in
            try db.query("SELECT id, title, image, link, display_order FROM banners ORDER BY display_order, id") {
                Banner(id: $0.int(0), title: $0.text(1), image: $0.text(2), link: $0.optionalText(3), displayOrder: $0.int(4))
            }
        }
    }

    /// The account that logged in with `phone`, if any.
    public func account(phone: String) throws(StoreError) -> Account? {
        try read { db throws(DatabaseError) in
            try db.query("SELECT phone, nickname, avatar FROM accounts WHERE phone = ?", [.text(phone)]) {
                Account(phone: $0.text(0), nickname: $0.text(1), avatar: $0.optionalText(2))
            }.first
        }
    }

    /// The distinct seller avatars of the data set, in a stable order.
    public func sellerAvatars() throws(StoreError) -> [String] {
        try read { db throws(DatabaseError) in
            try db.query("SELECT DISTINCT avatar FROM sellers WHERE avatar IS NOT NULL ORDER BY avatar") { $0.text(0) }
        }
    }

    // MARK: Writing

    /// Records `account` as logged in now.
    public func save(_ account: Account, at date: Date = Date()) throws(StoreError) {
        try write { db throws(DatabaseError) in
            try db.run("""
                INSERT INTO accounts (phone, nickname, avatar, last_login) VALUES (?, ?, ?, ?)
                ON CONFLICT(phone) DO UPDATE SET nickname = excluded.nickname, avatar = excluded.avatar,
                    last_login = excluded.last_login
                """, [.text(account.phone), .text(account.nickname), account.avatar.map(SQLValue.text) ?? .null,
                      .double(date.timeIntervalSince1970)])
        }
    }

    /// Likes or unlikes an item for `phone`; returns the item as it is now. Liking twice counts once.
    @discardableResult
    public func setLiked(_ liked: Bool, goodsID: Int, phone: String, at date: Date = Date()) throws(StoreError) -> Goods {
        let updated: Goods? = try write { db throws(DatabaseError) in
            let already = try !db.query("SELECT 1 FROM likes WHERE phone = ? AND goods_id = ?", [.text(phone), .int(goodsID)]) { $0.int(0) }.isEmpty
            if liked && !already {
                try db.run("INSERT INTO likes (phone, goods_id, liked_at) VALUES (?, ?, ?)",
                           [.text(phone), .int(goodsID), .double(date.timeIntervalSince1970)])
                try db.run("UPDATE goods SET likes = likes + 1 WHERE id = ?", [.int(goodsID)])
            } else if !liked && already {
                try db.run("DELETE FROM likes WHERE phone = ? AND goods_id = ?", [.text(phone), .int(goodsID)])
                try db.run("UPDATE goods SET likes = MAX(0, likes - 1) WHERE id = ?", [.int(goodsID)])
            }
            return try Self.goods(db, where: "g.id = ? ORDER BY g.position LIMIT 1", [.int(goodsID)], viewer: phone).first
        }
        guard let updated else { throw StoreError(message: "no goods with id \(goodsID)") }
        return updated
    }

    // MARK: Plumbing

    private func read<T>(_ body: (Database) throws(DatabaseError) -> T) throws(StoreError) -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body(database)
        } catch {
            throw StoreError(message: "database read failed: \(error)")
        }
    }

    private func write<T>(_ body: (Database) throws(DatabaseError) -> T) throws(StoreError) -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try database.transaction { () throws(DatabaseError) -> T in try body(database) }
        } catch {
            throw StoreError(message: "database write failed: \(error)")
        }
    }

    private static func goods(_ db: Database, where clause: String, _ arguments: [SQLValue], viewer: String?) throws(DatabaseError) -> [Goods] {
        let rows = try db.query("""
            SELECT g.position, g.id, g.title, g.description, g.price, g.original_price, g.express_type, g.express_fee,
                   g.count, g.place, g.published_at, g.condition, g.messages, g.likes, g.hits,
                   s.id, s.nickname, s.avatar, s.verified,
                   EXISTS (SELECT 1 FROM likes l WHERE l.goods_id = g.id AND l.phone = ?)
            FROM goods g JOIN sellers s ON s.id = g.seller_id
            WHERE \(clause)
            """, [viewer.map(SQLValue.text) ?? .null] + arguments) { row in
            (position: row.int(0), goods: Goods(
                id: row.int(1), title: row.text(2), description: row.text(3), price: row.int(4),
                originalPrice: row.int(5), expressType: ExpressType(rawValue: row.int(6)) ?? .negotiable,
                expressFee: row.int(7), count: row.int(8), place: row.text(9),
                publishedAt: Date(timeIntervalSince1970: row.double(10)), condition: row.int(11), images: [],
                seller: Seller(id: row.int(15), nickname: row.text(16), avatar: row.optionalText(17), isVerified: row.int(18) != 0),
                messages: row.int(12), likes: row.int(13), isLiked: row.int(19) != 0, hits: row.int(14)))
        }
        guard !rows.isEmpty else { return [] }
        let positions = rows.map { String($0.position) }.joined(separator: ",")
        var pictures: [Int: [GoodsImage]] = [:]
        for (position, picture) in try db.query(
            "SELECT goods_position, id, location FROM images WHERE goods_position IN (\(positions)) ORDER BY goods_position, position",
            row: { ($0.int(0), GoodsImage(id: $0.int(1), location: $0.text(2))) }) {
            pictures[position, default: []].append(picture)
        }
        return rows.map { row in
            var item = row.goods
            item.images = pictures[row.position] ?? []
            return item
        }
    }
}
