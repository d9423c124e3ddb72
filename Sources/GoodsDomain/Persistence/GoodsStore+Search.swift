import CSQLite
extension GoodsStore {
    /// Page `number` (from 1) of `size` goods matching `query` — in its title, description, seller
    /// nickname or place (`SearchQuery` says exactly what matches) — in data-set order, as the goods
    /// list pages them (`size` clamped to 1…`maximumPageSize`); `isLiked` is for `viewer`. Each hit
    /// carries where the query occurs in its title.
    ///
    /// Three characters or more are looked up in the trigram index; shorter queries (and every
    /// query on a read-only database older than the index) scan the goods with `LIKE`. An empty
    /// query finds nothing.
    public func search(_ query: String, page number: Int, size: Int, viewer: String?) throws(StoreError) -> SearchPage {
        try search(query, page: number, size: size, viewer: viewer, cancellation: nil)
    }

    /// `search(_:page:size:viewer:)`, stopped by `cancellation`: once it is set (before or
    /// during the query, from any thread) the scan stops within moments and this throws
    /// `StoreError.cancelled`, leaving the store to the next query.
    public func search(
        _ query: String, page number: Int, size: Int, viewer: String?, cancellation: QueryCancellation?
    ) throws(StoreError) -> SearchPage {
        let size = min(max(1, size), Self.maximumPageSize)
        let number = max(1, number)
        let normalized = SearchMatching.normalized(query)
        let empty = SearchPage(query: normalized, hits: [], currentPage: number, lastPage: number, perPage: size)
        guard let search = SearchQuery(query) else { return empty }
        // A page past anything an offset can reach holds nothing.
        let (offset, overflow) = (number - 1).multipliedReportingOverflow(by: size)
        guard !overflow else { return empty }
        if cancellation?.isCancelled == true { throw .cancelled }
        let goods: [Goods]
        do {
            goods = try read { db throws(DatabaseError) -> [Goods] in
                // Cancelled while it waited for the store: nothing to run.
                if cancellation?.isCancelled == true { throw DatabaseError(code: SQLITE_INTERRUPT, message: "interrupted") }
                return try db.interruptible(by: cancellation) { () throws(DatabaseError) -> [Goods] in
                    let positions = try Self.matchingPositions(db, search, offset: offset, limit: size + 1)
                    guard !positions.isEmpty else { return [] }
                    let list = positions.map(String.init).joined(separator: ",")
                    return try Self.goods(db, where: "g.position IN (\(list)) ORDER BY g.position", [], viewer: viewer)
                }
            }
        } catch {
            if cancellation?.isCancelled == true { throw .cancelled }
            throw error
        }
        let hits = goods.prefix(size).map { SearchHit(goods: $0, query: search.text) }
        return SearchPage(query: normalized, hits: hits, currentPage: number,
                          lastPage: goods.count > size ? number + 1 : number, perPage: size)
    }

    /// The positions of up to `limit` matching goods after the first `offset`, in order. The index
    /// proposes candidates in position order and each is checked against its text, so the answer is
    /// the scan's, only sooner.
    static func matchingPositions(_ db: Database, _ query: SearchQuery, offset: Int, limit: Int) throws(DatabaseError) -> [Int] {
        if let expression = query.matchExpression, try SearchIndex.exists(in: db) {
            return try db.query("""
                SELECT goods_search.rowid FROM goods_search
                JOIN goods g ON g.position = goods_search.rowid JOIN sellers s ON s.id = g.seller_id
                WHERE goods_search MATCH ?2 AND \(SearchQuery.textCondition)
                ORDER BY goods_search.rowid LIMIT ?3 OFFSET ?4
                """, [.text(query.likePattern), .text(expression), .int(limit), .int(offset)]) { $0.int(0) }
        }
        return try db.query("""
            SELECT g.position FROM goods g JOIN sellers s ON s.id = g.seller_id
            WHERE \(SearchQuery.textCondition)
            ORDER BY g.position LIMIT ?2 OFFSET ?3
            """, [.text(query.likePattern), .int(limit), .int(offset)]) { $0.int(0) }
    }
}
