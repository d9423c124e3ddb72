import DemoData
import Reactive
import Synchronization
import Testing
import ViewModelKit

/// An item that changes inside: a sort or filter reads its score, which `autoRefresh` follows.
final class LiveItem: Sendable, CustomStringConvertible {
    let id: Int
    let score: MutableProperty<Int>

    init(id: Int, score: Int) {
        self.id = id
        self.score = MutableProperty(score)
    }

    var description: String { "\(id):\(score.value)" }
}

/// How many runs of the items' producers are live: each start counts, each end uncounts.
final class LiveRuns: Sendable {
    private let count = Atomic(0)
    var value: Int { count.load(ordering: .acquiring) }

    /// `item`'s score changes, counted while started.
    func scores(of item: LiveItem) -> SignalProducer<Int, Never> {
        SignalProducer { [self] observer, lifetime in
            count.add(1, ordering: .acquiringAndReleasing)
            lifetime.observeEnded { [self] in count.subtract(1, ordering: .acquiringAndReleasing) }
            lifetime += item.score.producer.start(observer)
        }
    }
}

@Suite("Collection operators: autoRefresh")
struct CollectionOperatorAutoRefreshTests {
    @Test func randomScriptsRefreshExactlyTheHeldItemThatChangedAndFollowOnlyHeldItems() {
        var failures = 0
        for script in 0..<300 where failures < 3 {
            var random = SeededRandom(seed: 17_000 + UInt64(script))
            let source = SourceCache<Int, LiveItem>(key: \.id)
            let live = LiveRuns()
            var held: [Int: LiveItem] = [:]
            var everyItem: [LiveItem] = []
            func newItem(_ id: Int) -> LiveItem {
                let item = LiveItem(id: id, score: Int.random(in: 0..<100, using: &random))
                everyItem.append(item)
                return item
            }
            for id in 0..<(script % 4) {
                let item = newItem(id)
                held[id] = item
                source.addOrUpdate(item)
            }
            let shown = KeyedMirror<Int, LiveItem>(isSame: ===)
            let run = source.connect().autoRefresh(live.scores).startWithValues(shown.apply)
            var log: [String] = []
            for step in 0..<Int.random(in: 5..<40, using: &random) {
                let setsBefore = shown.sets.count
                var expectedSets: [ChangeSet<Int, LiveItem>]?
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<25:
                    // A new item, or a new object for a key held (the old one is no longer followed).
                    let item = newItem(Int.random(in: 0..<12, using: &random))
                    held[item.id] = item
                    source.addOrUpdate(item)
                    log.append("put \(item)")
                case 25..<40:
                    let id = held.keys.randomElement(using: &random) ?? 0
                    held[id] = nil
                    source.remove(id)
                    log.append("remove \(id)")
                case 40..<70:
                    guard let item = held.values.randomElement(using: &random) else { continue }
                    item.score.value += 1
                    expectedSets = [ChangeSet([.refresh(item.id, item)])]
                    log.append("bump held \(item)")
                case 70..<85:
                    // An item no longer held changes: nobody follows it.
                    guard let item = everyItem.randomElement(using: &random), held[item.id] !== item else { continue }
                    item.score.value += 1
                    expectedSets = []
                    log.append("bump gone \(item)")
                case 85..<90:
                    held.removeAll()
                    source.removeAll()
                    log.append("remove all")
                default:
                    guard let id = held.keys.randomElement(using: &random) else { continue }
                    source.refresh(id)
                    log.append("refresh \(id)")
                }
                let sets = Array(shown.sets.dropFirst(setsBefore))
                let isExpected = expectedSets.map { expected in
                    sets.count == expected.count && zip(sets, expected).allSatisfy { set, expected in
                        set.count == expected.count && zip(set, expected).allSatisfy {
                            guard case let .refresh(key, item) = $0, case let .refresh(expectedKey, expectedItem) = $1 else { return false }
                            return key == expectedKey && item === expectedItem
                        }
                    }
                } ?? true
                let observers = everyItem.reduce(0) { $0 + $1.score.observerCount }
                let isMirrored = shown.values.count == held.count && held.allSatisfy { shown.values[$0.key] === $0.value }
                if !isExpected || !isMirrored || live.value != held.count || observers != held.count || !shown.violations.isEmpty {
                    failures += 1
                    Issue.record("script \(script), step \(step): sent \(sets.map { Array($0) }), \(live.value) runs and \(observers) observers for \(held.count) items, \(shown.violations) after \(log)")
                    break
                }
            }
            run.dispose()
            let observers = everyItem.reduce(0) { $0 + $1.score.observerCount }
            if live.value != 0 || observers != 0 {
                failures += 1
                Issue.record("script \(script): \(live.value) runs and \(observers) observers live after the run ended")
            }
        }
        #expect(failures == 0)
    }

    @Test func aRemovedItemIsNoLongerFollowedAndTheEndOfTheRunStopsTheRest() {
        let source = SourceCache<Int, LiveItem>(key: \.id)
        let items = (0..<3).map { LiveItem(id: $0, score: $0) }
        source.addOrUpdate(contentsOf: items)
        let live = LiveRuns()
        let shown = KeyedMirror<Int, LiveItem>(isSame: ===)
        let run = source.connect().autoRefresh(live.scores).startWithValues(shown.apply)
        #expect(live.value == 3 && shown.sets.count == 1, "the first values are no refresh")
        source.remove(1)
        #expect(live.value == 2 && items[1].score.observerCount == 0)
        items[1].score.value = 50
        #expect(shown.sets.count == 2, "the removal only")
        let replacement = LiveItem(id: 2, score: 7)
        source.addOrUpdate(replacement)
        #expect(live.value == 2 && items[2].score.observerCount == 0 && replacement.score.observerCount == 1, "followed anew on update")
        run.dispose()
        #expect(live.value == 0 && items[0].score.observerCount == 0 && replacement.score.observerCount == 0)
    }

    @Test func aSortAndAFilterFollowAnItemThatChangesInside() {
        let source = SourceCache<Int, LiveItem>(key: \.id)
        let items = (0..<5).map { LiveItem(id: $0, score: $0 * 10) }
        source.addOrUpdate(contentsOf: items)
        final class Rows: @unchecked Sendable { // safe: this test edits and observes on its own thread only
            var rows = CountedTree<LiveItem>()
        }
        let rows = Rows()
        let run = source.connect()
            .autoRefresh { $0.score.producer }
            .filter(where: { $0.score.value < 100 })
            .sort(by: { $0.score.value < $1.score.value })
            .startWithValues { set in for change in set.changes { rows.rows.apply(change) } }
        #expect(rows.rows.map(\.id) == [0, 1, 2, 3, 4])
        items[0].score.value = 35
        #expect(rows.rows.map(\.id) == [1, 2, 3, 0, 4], "moved to its new place")
        items[2].score.value = 500
        #expect(rows.rows.map(\.id) == [1, 3, 0, 4], "filtered out")
        items[2].score.value = 1
        #expect(rows.rows.map(\.id) == [2, 1, 3, 0, 4], "back in, first")
        run.dispose()
    }

    @Test func aSchedulerGathersABurstIntoOneChangeSetWithEachKeyOnce() {
        let source = SourceCache<Int, LiveItem>(key: \.id)
        let items = (0..<4).map { LiveItem(id: $0, score: 0) }
        source.addOrUpdate(contentsOf: items)
        let scheduler = TestScheduler()
        let shown = KeyedMirror<Int, LiveItem>(isSame: ===)
        let run = source.connect().autoRefresh(coalescingOn: scheduler) { $0.score.producer }.startWithValues(shown.apply)
        for _ in 0..<3 {
            items[2].score.value += 1
            items[0].score.value += 1
        }
        items[3].score.value += 1
        source.remove(3)
        #expect(shown.sets.count == 2, "the first items and the removal; the refreshes wait")
        scheduler.advance()
        guard shown.sets.count == 3 else {
            Issue.record("one change set of refreshes: \(shown.sets)")
            return
        }
        let refreshed = shown.sets[2].map { change -> Int in
            if case let .refresh(key, _) = change { key } else { -1 }
        }
        #expect(refreshed == [2, 0], "each key once, in the order first asked; the removed one not at all")
        scheduler.advance()
        #expect(shown.sets.count == 3 && shown.violations.isEmpty)
        items[1].score.value += 1
        run.dispose()
        scheduler.advance()
        #expect(shown.sets.count == 3, "nothing after the run ended")
    }
}
