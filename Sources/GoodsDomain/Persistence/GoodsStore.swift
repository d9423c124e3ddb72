import CSQLite
import Foundation
import Localization

/// Options for opening a store; the defaults are the app's.
public struct StoreOptions: Sendable {
    /// Called with every new connection before use: tests inject faults through it (a page limit
    /// makes SQLite report a full disk, for instance).
    var configure: @Sendable (Database) throws(DatabaseError) -> Void = { _ throws(DatabaseError) in }
    /// How long to wait for another program's lock before treating the database as locked.
    var busyTimeoutMilliseconds: Int32 = 5_000
    /// Called before the whole-file check that follows an unclean exit (slow on big files), so a
    /// start screen can say what it waits for.
    var checking: @Sendable () -> Void = {}
    /// The date in the names of moved-aside copies.
    var now: @Sendable () -> Date = { Date() }

    public init() {}
}

/// The local data: accounts, goods with their pictures and sellers, banners and likes, in SQLite.
///
/// Never destroys the user's data. Opening tells faults apart by SQLite's result codes: only a
/// file that is really damaged or not a database is moved aside (renamed with a timestamp,
/// never deleted) after its accounts and likes are copied into the rebuilt database; a lock,
/// a full disk, a read-only medium or a newer schema open it read-only (`access` says why);
/// anything but a regular file at the path is refused untouched. A lock file keeps two
/// processes from importing into or rebuilding the same database.
///
/// Thread-safe: the connection is used behind a mutex. Call it off the GTK thread.
// @unchecked: `database`, `lock` and `closed` are only used while holding `mutex`.
public final class GoodsStore: @unchecked Sendable {
    private let database: Database
    private let mutex = NSLock()
    private var lockFile: StoreLock?
    private var closed = false
    /// Set when a read or write met a damaged page: the next start checks the whole file.
    private var sawDamage = false
    /// Where the database lives (`:memory:` for a private one).
    public let path: String
    /// Whether changes can be saved, and if not, why.
    public let access: StoreAccess
    /// What the user should be told about this opening (a rebuilt database, a read-only one).
    public let notices: [StoreNotice]
    /// How many goods there are (fixed after the import).
    public let goodsCount: Int

    private init(database: Database, path: String, access: StoreAccess, lock: StoreLock?, notices: [StoreNotice]) throws(DatabaseError) {
        self.database = database
        self.path = path
        self.access = access
        self.lockFile = lock
        self.notices = notices
        goodsCount = try database.query("SELECT value FROM meta WHERE key = 'seeded'") { Int($0.text(0)) }.first.flatMap { $0 } ?? 0
    }

    deinit { close() }

    // MARK: Opening

    /// Opens the database at `path`, importing `dataSet()` into a new one on first use (with
    /// `progress` per page). `log` gets one line per fault and per data-set problem.
    public static func open(
        at path: String, dataSet: @escaping () throws(DataSetError) -> DataSet,
        progress: @escaping (ImportProgress) -> Void = { _ in }, log: @escaping (String) -> Void
    ) throws(StoreError) -> GoodsStore {
        try open(at: path, dataSet: dataSet, options: StoreOptions(), progress: progress, log: log)
    }

    static func open(
        at path: String, dataSet: @escaping () throws(DataSetError) -> DataSet, options: StoreOptions,
        progress: @escaping (ImportProgress) -> Void = { _ in }, log: @escaping (String) -> Void
    ) throws(StoreError) -> GoodsStore {
        let opener = Opener(path: path, dataSet: dataSet, options: options, progress: progress, log: log)
        return try opener.open()
    }

    /// A private in-memory store holding `dataSet` (tests, benchmarks).
    public static func inMemory(importing dataSet: DataSet, log: (String) -> Void = { _ in }) throws(StoreError) -> GoodsStore {
        do {
            let database = try importedInMemory(dataSet, progress: { _ in }, log: log)
            return try GoodsStore(database: database, path: ":memory:", access: .readWrite, lock: nil, notices: [])
        } catch {
            throw StoreError(message: "cannot create an in-memory store: \(error)")
        }
    }

    /// A private in-memory database holding `dataSet`.
    private static func importedInMemory(
        _ dataSet: DataSet, progress: (ImportProgress) -> Void, log: (String) -> Void
    ) throws(DatabaseError) -> Database {
        let database = try Database(path: ":memory:")
        try Schema.migrate(database)
        _ = try Importer.run(into: database, dataSet: dataSet, progress: progress, log: log)
        return database
    }

    /// Opening, step by step: each fault leads to the one safe thing to do with it.
    private struct Opener {
        let path: String
        let dataSet: () throws(DataSetError) -> DataSet
        let options: StoreOptions
        let progress: (ImportProgress) -> Void
        let log: (String) -> Void

        func open() throws(StoreError) -> GoodsStore {
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty {
                try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            let exists: Bool
            switch FileKind.at(path) {
            case .missing: exists = false
            case .regular: exists = true
            case let .other(kind):
                throw StoreError(.notAFile, path: path, detail: kind, message: "\(path) is not a regular file (\(kind)); left untouched")
            }
            let lock: StoreLock?
            do {
                lock = try StoreLock.acquire(at: path + ".lock")
            } catch {
                guard exists else { return try temporaryStore(error.isDiskFull ? .diskFull : .readOnlyMedium) }
                return try readOnly(error.isDiskFull ? .diskFull : .readOnlyMedium, lock: nil)
            }
            guard let lock else {
                guard exists else { throw StoreError(.importInProgress, path: path, message: "another GoodsDesk is importing into \(path)") }
                log("GoodsDesk: another GoodsDesk has \(path) open; opening it read-only")
                return try readOnly(.inUseByAnotherInstance, lock: nil)
            }
            guard exists else { return try importNew(lock: lock) }
            do {
                return try openExisting(lock: lock)
            } catch {
                switch error {
                case let .damaged(reason): return try replaceDamaged(lock: lock, reason: reason)
                case .unfinished: return try importNew(lock: lock, replacing: true)
                case let .readOnly(reason): return try readOnly(reason, lock: lock)
                case let .store(error): throw error
                }
            }
        }

        enum Failure: Error {
            case damaged(String)
            /// A first import that never finished, holding nothing of the user's.
            case unfinished
            case readOnly(ReadOnlyReason)
            case store(StoreError)
        }

        /// What to do about a SQLite error met while opening an existing database.
        func classify(_ error: DatabaseError) -> Failure {
            if error.meansDamagedFile { return .damaged(error.message) }
            if error.meansLocked { return .readOnly(.locked) }
            if error.meansDiskFull { return .readOnly(.diskFull) }
            if error.meansReadOnly { return .readOnly(.readOnlyMedium) }
            if error.meansIOError, let fault = writeFault() { return .readOnly(fault) }
            return .store(StoreError(.unreadable, path: path, detail: error.message, message: "cannot open \(path): \(error)"))
        }

        func connect(readOnly: Bool = false, create: Bool = false) throws(DatabaseError) -> Database {
            let database = try Database(path: path, readOnly: readOnly, create: create)
            database.setBusyTimeout(options.busyTimeoutMilliseconds)
            try options.configure(database)
            return database
        }

        func openExisting(lock: StoreLock) throws(Failure) -> GoodsStore {
            let database: Database
            do {
                database = try connect()
            } catch {
                throw classify(error)
            }
            do {
                return try openExisting(database, lock: lock)
            } catch {
                // Closed before anything else is done with the file (its WAL goes with it).
                database.close()
                throw error
            }
        }

        func openExisting(_ database: Database, lock: StoreLock) throws(Failure) -> GoodsStore {
            // A file that cannot be written opens read-only without an error: ask.
            if database.isReadOnly { throw .readOnly(.readOnlyMedium) }
            do {
                if !lock.previousExitWasClean {
                    options.checking()
                    let check = try database.query("PRAGMA quick_check") { $0.text(0) }
                    guard check == ["ok"] else { throw Failure.damaged("integrity check: \(check.prefix(3).joined(separator: "; "))") }
                }
                try Self.requireWholeFile(database, path: path)
                let version = try database.userVersion
                if version > Schema.currentVersion {
                    throw Failure.readOnly(.newerSchema(found: version, known: Schema.currentVersion))
                }
                // A file at a version of ours must have our tables before it is migrated further.
                if version > 0 { try Schema.requireTables(database) }
                try database.execute("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL")
                try Schema.migrate(database)
                try Schema.requireTables(database)
                guard try Schema.isSeeded(database) else {
                    // A first import that never finished: nothing of the user's can be in it
                    // unless an account or a like is, and then it is kept as a copy.
                    let holdsUserData = try Schema.holdsUserData(database)
                    throw holdsUserData ? Failure.damaged("the import did not finish") : Failure.unfinished
                }
                return try GoodsStore(database: database, path: path, access: .readWrite, lock: lock, notices: [])
            } catch let error as DatabaseError {
                throw classify(error)
            } catch let failure as Failure {
                throw failure
            } catch let error as StoreError {
                throw .store(error)
            } catch {
                throw .store(StoreError(message: String(describing: error)))
            }
        }

        /// A file shorter than its header says was cut short: damage, found without reading it all.
        static func requireWholeFile(_ database: Database, path: String) throws(DatabaseError) {
            let pages = try database.query("PRAGMA page_count") { $0.int(0) }.first ?? 0
            let pageSize = try database.query("PRAGMA page_size") { $0.int(0) }.first ?? 0
            var status = stat()
            guard stat(path, &status) == 0 else { return }
            // The WAL may hold pages past the main file's end; only a file with no WAL is judged.
            if !FileKind.walHoldsFrames(of: path), Int(status.st_size) < pages.multipliedReportingOverflow(by: pageSize).partialValue {
                throw DatabaseError(code: SQLITE_CORRUPT, message: "the file is shorter than its \(pages) pages")
            }
        }

        /// A read-only connection to the existing file, with the reason in `notices`.
        func readOnly(_ reason: ReadOnlyReason, lock: StoreLock?) throws(StoreError) -> GoodsStore {
            log("GoodsDesk: \(path) opens read-only: \(reason)")
            do {
                let database = try readOnlyConnection()
                try Schema.requireTables(database)
                guard try Schema.isSeeded(database) else {
                    throw StoreError(.importInProgress, path: path, message: "another GoodsDesk is importing into \(path)")
                }
                return try GoodsStore(database: database, path: path, access: .readOnly(reason), lock: lock, notices: [.readOnly(reason)])
            } catch let error as DatabaseError {
                if error.meansLocked {
                    throw StoreError(.locked, path: path, message: "another program holds \(path) locked; left untouched")
                }
                throw StoreError(.unreadable, path: path, detail: error.message, message: "cannot read \(path): \(error); left as it is")
            } catch let error as StoreError {
                throw error
            } catch {
                throw StoreError(message: String(describing: error))
            }
        }

        /// A read-only connection. Reading a WAL database needs its `-shm` file; where that cannot
        /// be created (a full disk, a read-only medium) and the WAL holds nothing, the file is read
        /// as immutable, which needs neither.
        func readOnlyConnection() throws(DatabaseError) -> Database {
            do {
                let database = try connect(readOnly: true)
                try database.execute("PRAGMA query_only = ON")
                _ = try database.query("SELECT count(*) FROM sqlite_master") { $0.int(0) }
                return database
            } catch {
                guard !FileKind.walHoldsFrames(of: path), error.meansReadOnly || error.meansIOError else { throw error }
                let database = try Database(immutableAt: path)
                try options.configure(database)
                return database
            }
        }

        /// Why writing here fails, judged from the file system (SQLite reports a `-shm` that
        /// cannot be made as an I/O error): full, read-only, or neither.
        func writeFault() -> ReadOnlyReason? {
            var info = statvfs()
            let directory = (path as NSString).deletingLastPathComponent
            guard statvfs(directory.isEmpty ? "." : directory, &info) == 0 else { return nil }
            if info.f_flag & UInt(ST_RDONLY) != 0 { return .readOnlyMedium }
            if info.f_bavail == 0 { return .diskFull }
            return nil
        }

        /// The damaged file moved aside (with its WAL), a new database imported, and what the
        /// copy still holds of the user's accounts and likes carried over.
        func replaceDamaged(lock: StoreLock, reason: String) throws(StoreError) -> GoodsStore {
            guard let copy = moveAside(label: "damaged") else {
                log("GoodsDesk: \(path) is damaged (\(reason)) and cannot be moved aside; opening it read-only")
                return try readOnly(.readOnlyMedium, lock: lock)
            }
            log("GoodsDesk: the database at \(path) is damaged (\(reason)); kept it as \(copy) and rebuilding it from the data set")
            return try importNew(lock: lock, salvaging: copy)
        }

        /// Renames the database and its WAL and shared-memory files to `<path>.<label>-<time>`;
        /// the new name, or nil when it cannot be moved.
        func moveAside(label: String) -> String? {
            let stamp = Timestamp.fileName(options.now())
            var target = "\(path).\(label)-\(stamp)"
            var attempt = 1
            while FileKind.at(target) != .missing || FileKind.at(target + "-wal") != .missing {
                attempt += 1
                target = "\(path).\(label)-\(stamp)-\(attempt)"
            }
            guard rename(path, target) == 0 else { return nil }
            // A WAL with frames holds committed changes: it goes with its file. An empty one (and
            // its index) holds nothing, and SQLite resets it for the next database.
            if FileKind.walHoldsFrames(of: path) {
                for suffix in ["-wal", "-shm"] where FileKind.at(path + suffix) == .regular {
                    _ = rename(path + suffix, target + suffix)
                }
            }
            return target
        }

        /// Imports the data set into a new file beside the database, carries over what
        /// `salvaging` holds, and only then renames it into place: the path never holds a half
        /// import.
        func importNew(lock: StoreLock, salvaging copy: String? = nil, replacing: Bool = false) throws(StoreError) -> GoodsStore {
            let set = try loadDataSet()
            let scratch = "\(path).importing"
            var recovered = Salvage.Recovered()
            do {
                discardScratch(scratch)
                let database = try Database(path: scratch)
                try options.configure(database)
                try database.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -32768")
                try Schema.migrate(database)
                _ = try Importer.run(into: database, dataSet: set, progress: progress, log: log)
                if let copy { recovered = Salvage.recover(from: copy, into: database) }
                try database.execute("PRAGMA journal_mode = WAL")
            } catch {
                discardScratch(scratch)
                if error.meansDiskFull || error.meansReadOnly {
                    return try temporaryStore(error.meansDiskFull ? .diskFull : .readOnlyMedium, dataSet: set)
                }
                throw StoreError(.cannotCreate, path: path, detail: error.message, message: "cannot create \(path): \(error)")
            }
            // The import's connection is closed: its 32 MB page cache and the decoder's buffers
            // are free but still held by malloc (30-40 MB after 100,000 goods) until given back.
            ReturnFreedMemory.toTheSystem()
            if replacing, let leftover = moveAside(label: "unfinished") {
                log("GoodsDesk: an unfinished import was kept as \(leftover)")
            }
            guard rename(scratch, path) == 0 else {
                discardScratch(scratch)
                return try temporaryStore(.readOnlyMedium, dataSet: set)
            }
            var said: [StoreNotice] = []
            if let copy { said.append(.rebuilt(keptAs: copy, accounts: recovered.accounts, likes: recovered.likes)) }
            do {
                let database = try connect()
                try database.execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL")
                return try GoodsStore(database: database, path: path, access: .readWrite, lock: lock, notices: said)
            } catch {
                throw StoreError(.cannotCreate, path: path, detail: error.message, message: "cannot open the new \(path): \(error)")
            }
        }

        /// Our own half-written import file (never the user's database) is removed before a
        /// new import and after a failed one.
        func discardScratch(_ scratch: String) {
            for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: scratch + suffix) }
        }

        /// When nothing can be written and there is no database yet: the data set in memory,
        /// read-only, so the user can still look around.
        func temporaryStore(_ reason: ReadOnlyReason, dataSet: DataSet? = nil) throws(StoreError) -> GoodsStore {
            log("GoodsDesk: \(path) cannot be created: \(reason)")
            let set: DataSet
            if let dataSet { set = dataSet } else { set = try loadDataSet() }
            do {
                let database = try GoodsStore.importedInMemory(set, progress: progress, log: { _ in })
                return try GoodsStore(database: database, path: path, access: .readOnly(reason), lock: nil, notices: [.readOnly(reason)])
            } catch {
                throw StoreError(.cannotCreate, path: path, detail: error.message, message: "cannot create \(path) in memory: \(error)")
            }
        }

        func loadDataSet() throws(StoreError) -> DataSet {
            do {
                return try dataSet()
            } catch {
                throw StoreError(.dataSetUnreadable, path: path, detail: error.message, message: "cannot read the data set: \(error)")
            }
        }
    }

    /// Writes what is still in the WAL into the database, notes a clean exit in the lock file
    /// and closes the connection. Called on quit; later calls do nothing.
    public func close() {
        mutex.lock()
        defer { mutex.unlock() }
        guard !closed else { return }
        closed = true
        if access.isWritable, path != ":memory:" {
            try? database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        database.close()
        if !sawDamage { lockFile?.markClean() }
        lockFile = nil
    }

    /// Runs SQLite's whole-file check (slow on big files: on demand, not on every start). Empty
    /// when the file is healthy.
    public func integrityProblems() throws(StoreError) -> [String] {
        try read { db throws(DatabaseError) in try db.query("PRAGMA quick_check") { $0.text(0) }.filter { $0 != "ok" } }
    }

    // MARK: Reading

    /// The largest page size asked for; larger requests get pages of this size.
    public static let maximumPageSize = 1_000

    /// Page `number` (from 1) of `size` goods, in data-set order; `isLiked` is for `viewer`.
    /// Found by its first position (positions run 0, 1, 2… from the import), so a page at the
    /// end of a million goods costs what the first does.
    public func page(_ number: Int, size: Int, viewer: String?) throws(StoreError) -> GoodsPage {
        let size = min(max(1, size), Self.maximumPageSize)
        let lastPage = max(1, goodsCount / size + (goodsCount % size == 0 ? 0 : 1))
        let number = min(max(1, number), lastPage + 1)
        let first = (number - 1) * size
        let goods = try read { db throws(DatabaseError) in
            try Self.goods(db, where: Self.pageClause, [.int(first), .int(size)], viewer: viewer)
        }
        return GoodsPage(goods: goods, currentPage: number, lastPage: lastPage, perPage: size)
    }

    /// The page query's condition: a range on the primary key, never an OFFSET.
    static let pageClause = "g.position >= ? ORDER BY g.position LIMIT ?"

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
        guard let updated else { throw StoreError(.notFound, message: "no goods with id \(goodsID)") }
        return updated
    }

    // MARK: Plumbing

    func read<T>(_ body: (Database) throws(DatabaseError) -> T) throws(StoreError) -> T {
        mutex.lock()
        defer { mutex.unlock() }
        guard !closed else { throw StoreError(.closed, message: "the database is closed") }
        do {
            return try body(database)
        } catch {
            throw fault(error, while: "read")
        }
    }

    func write<T>(_ body: (Database) throws(DatabaseError) -> T) throws(StoreError) -> T {
        if case let .readOnly(reason) = access { throw StoreError(.readOnly(reason), message: "read-only: \(reason)") }
        mutex.lock()
        defer { mutex.unlock() }
        guard !closed else { throw StoreError(.closed, message: "the database is closed") }
        do {
            return try database.transaction { () throws(DatabaseError) -> T in try body(database) }
        } catch {
            throw fault(error, while: "write")
        }
    }

    /// The store's fault for SQLite's `error` met during a `doing` (read or write), by its result
    /// code; a damaged page is remembered so the next start checks the file. Called holding `mutex`.
    private func fault(_ error: DatabaseError, while doing: String) -> StoreError {
        let message = "database \(doing) failed: \(error.description)"
        if error.meansDamagedFile {
            sawDamage = true
            return StoreError(.damaged, message: message)
        }
        if error.meansDiskFull { return StoreError(.diskFull, message: message) }
        if error.meansLocked { return StoreError(.busy, message: message) }
        if error.meansReadOnly { return StoreError(.readOnly(.readOnlyMedium), message: message) }
        return StoreError(.failed, message: message)
    }

    static func goods(_ db: Database, where clause: String, _ arguments: [SQLValue], viewer: String?) throws(DatabaseError) -> [Goods] {
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
