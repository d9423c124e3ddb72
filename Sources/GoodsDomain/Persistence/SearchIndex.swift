/// The full-text index over goods: an FTS5 table with the `trigram` tokenizer (it finds any run of
/// three or more characters, so Chinese needs no word splitting), over each item's title,
/// description, seller nickname and place.
///
/// Contentless (the text stays in `goods` and `sellers`) and `detail=none` (rowids only, no
/// positions): about a fifth of the size and half the build time of a full index. It only
/// proposes candidates — every trigram of the query is in the row — and the search checks each
/// candidate against the text itself, so a stale or extra entry can cost time, never a wrong result.
///
/// Kept in step by triggers; the importer suspends them and builds the index in one pass
/// (`suspendTriggers`, then `build`), which stays linear whatever the data set does to its sellers.
enum SearchIndex {
    static let table = "goods_search"

    /// The index's rows: keyed by the goods' `position`.
    static let createTable = """
        CREATE VIRTUAL TABLE goods_search USING fts5(
            title, description, nickname, place,
            content = '', detail = none, columnsize = 0, tokenize = 'trigram'
        );
        """

    /// Every item's text, indexed in one pass: a large in-memory batch and no merging while it goes
    /// in, then one merge into a single segment (what queries read fastest), then the defaults back.
    static let fill = """
        INSERT INTO goods_search (goods_search, rank) VALUES ('hashsize', 33554432);
        INSERT INTO goods_search (goods_search, rank) VALUES ('automerge', 0);
        INSERT INTO goods_search (rowid, title, description, nickname, place)
            SELECT g.position, g.title, g.description, coalesce(s.nickname, ''), g.place
            FROM goods g LEFT JOIN sellers s ON s.id = g.seller_id ORDER BY g.position;
        INSERT INTO goods_search (goods_search) VALUES ('optimize');
        INSERT INTO goods_search (goods_search, rank) VALUES ('hashsize', 1048576);
        INSERT INTO goods_search (goods_search, rank) VALUES ('automerge', 4);
        """

    /// The statement that indexes the goods row `row` (`new` or `old` in a trigger) with its
    /// seller's nickname.
    private static func indexing(_ row: String) -> String {
        """
        INSERT INTO goods_search (rowid, title, description, nickname, place)
        VALUES (\(row).position, \(row).title, \(row).description,
                coalesce((SELECT nickname FROM sellers WHERE id = \(row).seller_id), ''), \(row).place);
        """
    }

    /// The statement that takes the goods row `row` out of the index, by the values it was indexed with.
    private static func unindexing(_ row: String) -> String {
        """
        INSERT INTO goods_search (goods_search, rowid, title, description, nickname, place)
        VALUES ('delete', \(row).position, \(row).title, \(row).description,
                coalesce((SELECT nickname FROM sellers WHERE id = \(row).seller_id), ''), \(row).place);
        """
    }

    /// The triggers that keep the index in step with `goods` and `sellers`, by name. What an item
    /// is indexed with: its title, description, its seller's nickname ('' while it has no seller
    /// row) and place. A contentless index deletes by the values it was given, so each trigger
    /// removes exactly what was put in.
    static let triggers: [(name: String, sql: String)] = [
        ("goods_search_insert", """
            CREATE TRIGGER goods_search_insert AFTER INSERT ON goods BEGIN
            \(indexing("new"))
            END;
            """),
        ("goods_search_delete", """
            CREATE TRIGGER goods_search_delete AFTER DELETE ON goods BEGIN
            \(unindexing("old"))
            END;
            """),
        ("goods_search_update", """
            CREATE TRIGGER goods_search_update AFTER UPDATE OF position, title, description, place, seller_id ON goods BEGIN
            \(unindexing("old"))
            \(indexing("new"))
            END;
            """),
        ("goods_search_seller_insert", """
            CREATE TRIGGER goods_search_seller_insert AFTER INSERT ON sellers BEGIN
                INSERT INTO goods_search (goods_search, rowid, title, description, nickname, place)
                    SELECT 'delete', position, title, description, '', place FROM goods WHERE seller_id = new.id;
                INSERT INTO goods_search (rowid, title, description, nickname, place)
                    SELECT position, title, description, new.nickname, place FROM goods WHERE seller_id = new.id;
            END;
            """),
        ("goods_search_seller_rename", """
            CREATE TRIGGER goods_search_seller_rename AFTER UPDATE OF id, nickname ON sellers BEGIN
                INSERT INTO goods_search (goods_search, rowid, title, description, nickname, place)
                    SELECT 'delete', position, title, description, old.nickname, place FROM goods WHERE seller_id = old.id;
                INSERT INTO goods_search (rowid, title, description, nickname, place)
                    SELECT position, title, description, '', place FROM goods WHERE seller_id = old.id;
                INSERT INTO goods_search (goods_search, rowid, title, description, nickname, place)
                    SELECT 'delete', position, title, description, '', place FROM goods WHERE seller_id = new.id;
                INSERT INTO goods_search (rowid, title, description, nickname, place)
                    SELECT position, title, description, new.nickname, place FROM goods WHERE seller_id = new.id;
            END;
            """),
        ("goods_search_seller_delete", """
            CREATE TRIGGER goods_search_seller_delete AFTER DELETE ON sellers BEGIN
                INSERT INTO goods_search (goods_search, rowid, title, description, nickname, place)
                    SELECT 'delete', position, title, description, old.nickname, place FROM goods WHERE seller_id = old.id;
                INSERT INTO goods_search (rowid, title, description, nickname, place)
                    SELECT position, title, description, '', place FROM goods WHERE seller_id = old.id;
            END;
            """),
    ]

    /// The schema migration that adds the index to a database: the table, the goods already there
    /// indexed (a minute or less for a million), and the triggers. Nothing else is touched.
    static let migration = createTable + fill + triggers.map(\.sql).joined(separator: "\n")

    /// Drops the triggers, for an import that fills the index itself at the end (`build`).
    static func suspendTriggers(_ database: Database) throws(DatabaseError) {
        for trigger in triggers { try database.execute("DROP TRIGGER IF EXISTS \(trigger.name)") }
    }

    /// Indexes every item anew in one pass and puts the triggers back.
    static func build(_ database: Database) throws(DatabaseError) {
        try suspendTriggers(database)
        try database.execute("INSERT INTO goods_search (goods_search) VALUES ('delete-all');" + fill)
        for trigger in triggers { try database.execute(trigger.sql) }
    }

    /// Whether `database` has the index (a read-only database of an older schema has not; its
    /// searches scan instead).
    static func exists(in database: Database) throws(DatabaseError) -> Bool {
        try !database.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(table)]) { $0.int(0) }.isEmpty
    }
}
