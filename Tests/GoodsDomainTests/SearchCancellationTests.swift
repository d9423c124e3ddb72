import Testing
import Foundation
import Reactive
@testable import GoodsDomain

/// A search stopped by its `QueryCancellation`: a 2-character miss scans every row with `LIKE`
/// while holding the store, so a superseded one must stop mid-scan and free the store.
@Suite("Search cancellation")
struct SearchCancellationTests {
    static let store: GoodsStore? = try? GoodsStore.inMemory(importing: SearchFixtures.dataSet(count: 5_000))

    @Test func aScanCancelledMidwayThrowsCancelledAndFreesTheStore() throws {
        let store = try #require(Self.store)
        // Cancels itself at the scan's first progress check: surely before the 5,000 rows are read.
        let cancellation = QueryCancellation(cancellingAfter: 1)
        #expect(throws: StoreError.self) {
            _ = try store.search("zq", page: 1, size: 20, viewer: nil, cancellation: cancellation)
        }
        do {
            _ = try store.search("zq", page: 1, size: 20, viewer: nil, cancellation: cancellation)
            Issue.record("a cancelled search answered")
        } catch {
            #expect(error.kind == .cancelled)
        }
        #expect(cancellation.isCancelled)
        // The store answers the next query at once, and rightly.
        let page = try store.search("华为", page: 1, size: 20, viewer: nil)
        #expect(page.hits.map(\.goods.id) == Array(SearchFixtures.naive("华为", in: SearchFixtures.goods(of: SearchFixtures.dataSet(count: 5_000))).prefix(20)))
    }

    @Test func theFullMissScanMakesManyProgressChecks() throws {
        let store = try #require(Self.store)
        // Uncancelled, the same scan runs to its (empty) end through many checks: so the
        // cancel above landed mid-scan, not after it.
        let counting = QueryCancellation(cancellingAfter: 1_000_000)
        let page = try store.search("zq", page: 1, size: 20, viewer: nil, cancellation: counting)
        #expect(page.hits.isEmpty)
        #expect(1_000_000 - counting.checksRemaining > 10)
        #expect(!counting.isCancelled)
    }

    @Test func aSearchCancelledBeforeItStartsDoesNoWork() throws {
        let store = try #require(Self.store)
        let cancellation = QueryCancellation()
        cancellation.cancel()
        do {
            _ = try store.search("华为", page: 1, size: 20, viewer: nil, cancellation: cancellation)
            Issue.record("a cancelled search answered")
        } catch {
            #expect(error.kind == .cancelled)
        }
    }

    @Test func anUncancelledFlagChangesNoAnswer() throws {
        let store = try #require(Self.store)
        for query in ["华为", "ab", "手机壳", "Mike"] {
            let plain = try store.search(query, page: 2, size: 20, viewer: nil)
            let flagged = try store.search(query, page: 2, size: 20, viewer: nil, cancellation: QueryCancellation())
            #expect(plain == flagged)
        }
    }
}
