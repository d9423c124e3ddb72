import Foundation

/// What a damaged database still holds that the user made: accounts, likes and comments. The data set's
/// goods are imported again; these are copied over row by row, skipping rows that cannot be read.
enum Salvage {
    /// Rows probed one by one, at most, when a table cannot be read in one pass.
    static let probeLimit = 200_000

    struct Recovered: Equatable {
        var accounts = 0
        var likes = 0
        /// Comments the user wrote here (the data set's own are imported again).
        var comments = 0
    }

    /// Copies what can be read of the accounts and likes in the database at `path` (a copy moved
    /// aside, left as it is) into `database`. Likes of goods the new data has are kept, each
    /// counted on its item as the original like was.
    static func recover(from path: String, into database: Database) -> Recovered {
        // Immutable when there is no WAL to read (nothing is created beside the copy); with one,
        // read-write is needed for its index, but it is never checkpointed into the copy.
        let hasWAL = FileKind.walHoldsFrames(of: path)
        guard let damaged = try? (hasWAL ? Database(path: path, create: false) : Database(immutableAt: path)) else { return Recovered() }
        damaged.keepWALOnClose()
        try? damaged.execute("PRAGMA query_only = ON")
        var recovered = Recovered()
        let accounts = rows(of: damaged, table: "accounts", columns: "phone, nickname, avatar, last_login") {
            (phone: $0.text(0), nickname: $0.text(1), avatar: $0.optionalText(2), lastLogin: $0.double(3))
        }
        let likes = rows(of: damaged, table: "likes", columns: "phone, goods_id, liked_at") {
            (phone: $0.text(0), goodsID: $0.int(1), likedAt: $0.double(2))
        }
        // A copy older than migration 5 has no comments table: nothing is read from it.
        let comments = rows(of: damaged, table: "comments", columns: "goods_id, author, avatar, text, created_at, phone") {
            (goodsID: $0.int(0), author: $0.text(1), avatar: $0.optionalText(2), text: $0.text(3), createdAt: $0.double(4),
             phone: $0.optionalText(5))
        }
        let copied: Void? = try? database.transaction { () throws(DatabaseError) in
            let account = try database.prepare(
                "INSERT OR IGNORE INTO accounts (phone, nickname, avatar, last_login) VALUES (?, ?, ?, ?)")
            for row in accounts where LoginInput.normalizedPhone(row.phone) == row.phone && row.lastLogin.isFinite {
                try account.run([.text(row.phone), .text(row.nickname), row.avatar.map(SQLValue.text) ?? .null, .double(row.lastLogin)])
                recovered.accounts += database.changes
            }
            let like = try database.prepare("""
                INSERT OR IGNORE INTO likes (phone, goods_id, liked_at)
                SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM goods WHERE id = ?)
                """)
            let count = try database.prepare("UPDATE goods SET likes = likes + 1 WHERE id = ?")
            for row in likes where LoginInput.normalizedPhone(row.phone) == row.phone && row.likedAt.isFinite {
                try like.run([.text(row.phone), .int(row.goodsID), .double(row.likedAt), .int(row.goodsID)])
                guard database.changes == 1 else { continue }
                recovered.likes += 1
                try count.run([.int(row.goodsID)])
            }
            let comment = try database.prepare("""
                INSERT INTO comments (goods_id, number, author, avatar, text, created_at, phone)
                SELECT ?1, (SELECT coalesce(max(number), 0) + 1 FROM comments WHERE goods_id = ?1), ?2, ?3, ?4, ?5, ?6
                WHERE EXISTS (SELECT 1 FROM goods WHERE id = ?1)
                """)
            let messages = try database.prepare("UPDATE goods SET messages = MIN(messages + 1, 1000000000) WHERE id = ?")
            for row in comments {
                guard let phone = row.phone, LoginInput.normalizedPhone(phone) == phone, row.createdAt.isFinite,
                      (try? GoodsComment.cleaned(row.text)) == row.text else { continue }
                try comment.run([.int(row.goodsID), .text(row.author), row.avatar.map(SQLValue.text) ?? .null, .text(row.text),
                                 .double(row.createdAt), .text(phone)])
                guard database.changes == 1 else { continue }
                recovered.comments += 1
                try messages.run([.int(row.goodsID)])
            }
        }
        return copied == nil ? Recovered() : recovered
    }

    /// The rows of `table` that can be read: all at once when the table is whole, else one rowid
    /// at a time, skipping the ones on damaged pages.
    static func rows<T>(of database: Database, table: String, columns: String, _ row: (Statement) -> T) -> [T] {
        if let all = try? database.query("SELECT \(columns) FROM \(table)", row: row) { return all }
        let top = (try? database.query("SELECT max(rowid) FROM \(table)") { $0.int(0) })?.first ?? probeLimit
        guard top > 0, let probe = try? database.prepare("SELECT \(columns) FROM \(table) WHERE rowid = ?") else { return [] }
        var found: [T] = []
        for rowid in 1...min(top, probeLimit) {
            guard (try? probe.reset([.int(rowid)])) != nil, (try? probe.step()) == true else { continue }
            found.append(row(probe))
        }
        return found
    }
}
