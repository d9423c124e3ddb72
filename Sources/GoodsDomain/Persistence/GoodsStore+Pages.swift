import Foundation

extension GoodsStore {
    /// Page `number` (from 1) of `size` goods that seller `sellerID` lists, in the goods list's
    /// order (newest first); `isLiked` is for `viewer`. Found through the seller index.
    public func goods(bySeller sellerID: Int, page number: Int, size: Int, viewer: String?) throws(StoreError) -> GoodsPage {
        try filteredPage(where: "g.seller_id = ?", .int(sellerID), page: number, size: size, viewer: viewer)
    }

    /// Page `number` (from 1) of `size` goods at `place` (exactly as the rows show it), in the
    /// goods list's order; `isLiked` is for `viewer`. One range of the place index (migration 6),
    /// already in list order.
    public func goods(atPlace place: String, page number: Int, size: Int, viewer: String?) throws(StoreError) -> GoodsPage {
        try filteredPage(where: "g.place = ?", .text(place), page: number, size: size, viewer: viewer)
    }

    /// A page of the goods `condition` (on `g`, one parameter) picks, in position order.
    private func filteredPage(
        where condition: String, _ argument: SQLValue, page number: Int, size: Int, viewer: String?
    ) throws(StoreError) -> GoodsPage {
        let size = min(max(1, size), Self.maximumPageSize)
        return try read { db throws(DatabaseError) -> GoodsPage in
            let total = try db.query("SELECT count(*) FROM goods g WHERE \(condition)", [argument]) { $0.int(0) }.first ?? 0
            let (number, offset, lastPage) = Self.paging(number, size: size, total: total)
            let goods = try Self.goods(db, where: "\(condition) ORDER BY g.position LIMIT ? OFFSET ?",
                                       [argument, .int(size), .int(offset)], viewer: viewer)
            return GoodsPage(goods: goods, currentPage: number, lastPage: lastPage, perPage: size)
        }
    }

    /// The page number clamped to 1…last + 1 (past the end: an empty page), its offset and the
    /// last page, for `total` rows in pages of `size`.
    static func paging(_ number: Int, size: Int, total: Int) -> (number: Int, offset: Int, lastPage: Int) {
        let lastPage = max(1, total / size + (total % size == 0 ? 0 : 1))
        let number = min(max(1, number), lastPage + 1)
        return (number, (number - 1) * size, lastPage)
    }

    /// Page `number` (from 1) of `size` comments on the item `goodsID`, newest first. A store
    /// older than the comments (opened read-only, so not migrated) has none.
    public func comments(of goodsID: Int, page number: Int, size: Int) throws(StoreError) -> CommentPage {
        let size = min(max(1, size), Self.maximumPageSize)
        return try read { db throws(DatabaseError) -> CommentPage in
            guard try Self.hasComments(db) else { return CommentPage(comments: [], currentPage: 1, lastPage: 1, perPage: size) }
            let total = try db.query("SELECT count(*) FROM comments WHERE goods_id = ?", [.int(goodsID)]) { $0.int(0) }.first ?? 0
            let (number, offset, lastPage) = Self.paging(number, size: size, total: total)
            let comments = try db.query("""
                SELECT number, goods_id, author, avatar, text, created_at FROM comments WHERE goods_id = ?
                ORDER BY created_at DESC, number DESC LIMIT ? OFFSET ?
                """, [.int(goodsID), .int(size), .int(offset)], row: Self.comment)
            return CommentPage(comments: comments, currentPage: number, lastPage: lastPage, perPage: size)
        }
    }

    /// Adds `text` (trimmed; refused when blank or longer than `GoodsComment.maximumLength`) as
    /// `author`'s comment on the item `goodsID`, and counts it in the item's messages, in one
    /// transaction. Returns the stored comment and the item's message count after it.
    public func addComment(
        _ text: String, to goodsID: Int, by author: Account, at date: Date = Date()
    ) throws(StoreError) -> AddedComment {
        let cleaned: String
        do throws(CommentTextError) {
            cleaned = try GoodsComment.cleaned(text)
        } catch {
            throw StoreError(.invalidComment(error), message: "comment refused: \(error.description)")
        }
        let added: AddedComment? = try write { db throws(DatabaseError) -> AddedComment? in
            guard try !db.query("SELECT 1 FROM goods WHERE id = ? LIMIT 1", [.int(goodsID)], row: { $0.int(0) }).isEmpty else { return nil }
            let id = try db.query("SELECT coalesce(max(number), 0) + 1 FROM comments WHERE goods_id = ?", [.int(goodsID)]) { $0.int(0) }.first ?? 1
            try db.run("INSERT INTO comments (goods_id, number, author, avatar, text, created_at, phone) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       [.int(goodsID), .int(id), .text(author.nickname), author.avatar.map(SQLValue.text) ?? .null, .text(cleaned),
                        .double(date.timeIntervalSince1970), .text(author.phone)])
            // Capped as an imported count is, so it never grows past what the importer accepts.
            try db.run("UPDATE goods SET messages = MIN(messages + 1, 1000000000) WHERE id = ?", [.int(goodsID)])
            let messages = try db.query("SELECT messages FROM goods WHERE id = ? ORDER BY position LIMIT 1", [.int(goodsID)]) { $0.int(0) }.first ?? 0
            let comment = GoodsComment(id: id, goodsID: goodsID, author: author.nickname, avatar: author.avatar,
                                       text: cleaned, createdAt: Date(timeIntervalSince1970: date.timeIntervalSince1970))
            return AddedComment(comment: comment, messages: messages)
        }
        guard let added else { throw StoreError(.notFound, message: "no goods with id \(goodsID)") }
        return added
    }

    static func comment(_ row: Statement) -> GoodsComment {
        GoodsComment(id: row.int(0), goodsID: row.int(1), author: row.text(2), avatar: row.optionalText(3),
                     text: row.text(4), createdAt: Date(timeIntervalSince1970: row.double(5)))
    }

    /// Whether the database has the comments table (migration 5).
    static func hasComments(_ db: Database) throws(DatabaseError) -> Bool {
        try !db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'comments'") { $0.int(0) }.isEmpty
    }
}
