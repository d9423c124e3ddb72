import CSQLite

/// The database schema, as ordered migrations. `PRAGMA user_version` records how many have run;
/// opening a database runs the missing ones, each in its own transaction.
enum Schema {
    /// Migration `n` (1-based) brings the schema from version n-1 to n. Append, never edit.
    static let migrations: [String] = [
        """
        CREATE TABLE accounts (
            phone TEXT PRIMARY KEY,
            nickname TEXT NOT NULL,
            avatar TEXT,
            last_login REAL NOT NULL
        );
        CREATE TABLE sellers (
            id INTEGER PRIMARY KEY,
            nickname TEXT NOT NULL,
            avatar TEXT,
            verified INTEGER NOT NULL
        );
        -- A listing: the same item (id) may be listed more than once, as in the demo's data.
        CREATE TABLE goods (
            position INTEGER PRIMARY KEY,
            id INTEGER NOT NULL,
            title TEXT NOT NULL,
            description TEXT NOT NULL,
            price INTEGER NOT NULL,
            original_price INTEGER NOT NULL,
            express_type INTEGER NOT NULL,
            express_fee INTEGER NOT NULL,
            count INTEGER NOT NULL,
            place TEXT NOT NULL,
            published_at REAL NOT NULL,
            condition INTEGER NOT NULL,
            seller_id INTEGER NOT NULL REFERENCES sellers(id),
            messages INTEGER NOT NULL,
            likes INTEGER NOT NULL,
            hits INTEGER NOT NULL
        );
        CREATE INDEX goods_by_id ON goods(id);
        CREATE TABLE images (
            goods_position INTEGER NOT NULL REFERENCES goods(position) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            id INTEGER NOT NULL,
            location TEXT NOT NULL,
            PRIMARY KEY (goods_position, position)
        );
        CREATE TABLE banners (
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL,
            image TEXT NOT NULL,
            link TEXT,
            display_order INTEGER NOT NULL
        );
        CREATE TABLE likes (
            phone TEXT NOT NULL,
            goods_id INTEGER NOT NULL,
            liked_at REAL NOT NULL,
            PRIMARY KEY (phone, goods_id)
        );
        CREATE TABLE meta (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        """,
        // Goods by seller: a seller's page, and deleting a seller without scanning every item.
        "CREATE INDEX goods_by_seller ON goods(seller_id);",
        // Pictures clustered by their key, with no rowid: one b-tree per insert, not two.
        """
        CREATE TABLE images_by_key (
            goods_position INTEGER NOT NULL REFERENCES goods(position) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            id INTEGER NOT NULL,
            location TEXT NOT NULL,
            PRIMARY KEY (goods_position, position)
        ) WITHOUT ROWID;
        INSERT INTO images_by_key SELECT goods_position, position, id, location FROM images;
        DROP TABLE images;
        ALTER TABLE images_by_key RENAME TO images;
        """,
        // Full-text search over title, description, seller and place (the goods there are indexed).
        SearchIndex.migration,
        // Comments on goods (the data set's, and the user's: `phone` is the account that wrote
        // one here, NULL for the data set's), clustered by their item: one item's comments are
        // one range of the table, with no index beside it. `number` counts an item's comments
        // from 1. Nothing that was there changes: an older store gets an empty table.
        """
        CREATE TABLE comments (
            goods_id INTEGER NOT NULL,
            number INTEGER NOT NULL,
            author TEXT NOT NULL,
            avatar TEXT,
            text TEXT NOT NULL,
            created_at REAL NOT NULL,
            phone TEXT,
            PRIMARY KEY (goods_id, number)
        ) WITHOUT ROWID;
        """,
        // Goods by place, in list order: a place's page is one range of the index, not a scan
        // of every item (a tenth of a second a page on a million goods).
        "CREATE INDEX goods_by_place ON goods(place, position);",
    ]

    /// The version a fully migrated database has.
    static var currentVersion: Int { migrations.count }

    /// The tables a usable database must have.
    static let requiredTables: Set<String> = ["accounts", "sellers", "goods", "images", "banners", "likes", "meta"]

    /// Fails (as damage) when a table the app needs is missing.
    static func requireTables(_ database: Database) throws(DatabaseError) {
        let tables = Set(try database.query("SELECT name FROM sqlite_master WHERE type = 'table'") { $0.text(0) })
        guard requiredTables.isSubset(of: tables) else {
            throw DatabaseError(code: SQLITE_CORRUPT, message: "tables missing: \(requiredTables.subtracting(tables).sorted())")
        }
    }

    /// Whether a whole data set was imported.
    static func isSeeded(_ database: Database) throws(DatabaseError) -> Bool {
        try !database.query("SELECT value FROM meta WHERE key = 'seeded'") { $0.text(0) }.isEmpty
    }

    /// Whether the user made anything in it: an account, a like or a comment.
    static func holdsUserData(_ database: Database) throws(DatabaseError) -> Bool {
        let comments = try database.userVersion >= 5 ? " UNION ALL SELECT 1 FROM comments WHERE phone IS NOT NULL" : ""
        return try !database.query("SELECT 1 FROM accounts UNION ALL SELECT 1 FROM likes\(comments) LIMIT 1") { $0.int(0) }.isEmpty
    }

    /// Runs the migrations `database` has not had yet. A database newer than this code is refused.
    static func migrate(_ database: Database) throws(DatabaseError) {
        let version = try database.userVersion
        guard version <= currentVersion else {
            throw DatabaseError(code: SQLITE_MISMATCH, message: "database schema version \(version) is newer than this app's \(currentVersion)")
        }
        for index in version..<currentVersion {
            try database.transaction { () throws(DatabaseError) in
                try database.execute(migrations[index])
                try database.setUserVersion(index + 1)
            }
        }
    }
}
