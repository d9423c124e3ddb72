import DemoData
import Reactive
import Synchronization
import Testing
import TestSupport
import ViewModelKit

/// A source cache through filter → sort → page (the keyed filter) or sort → filter → page (the
/// positional one) into a list that applies each change set, checked against recomputing the
/// page from scratch after every edit.
@Suite("Collections: filter, sort and page follow every edit")
struct CollectionPipelineTests {
    struct Item: Sendable, Equatable {
        let id: Int
        var score: Int
    }

    typealias Predicate = @Sendable (Item) -> Bool
    typealias Comparator = @Sendable (Item, Item) -> Bool

    static let predicates: [Predicate] = [{ _ in true }, { $0.score % 2 == 0 }, { $0.score < 50 }, { $0.id % 3 != 0 }]
    /// Total orders (ties broken by id), so the expected order is one.
    static let comparators: [Comparator] = [
        { ($0.score, $0.id) < ($1.score, $1.id) },
        { ($0.score, $0.id) > ($1.score, $1.id) },
        { $0.id < $1.id },
    ]

    /// A view at the end of the pipeline: the rows as its change sets left them.
    final class Rows: @unchecked Sendable { // safe: the pipeline delivers synchronously on the test's own thread
        var rows = CountedTree<Item>()
        var counts: [Int] = []
        func apply(_ set: IndexedChangeSet<Item>) {
            for change in set.changes { rows.apply(change) }
            counts.append(set.count)
        }
    }

    /// 10,000 scripts in all, in four parts that run side by side.
    @Test(arguments: 0..<4)
    func tenThousandRandomScriptsEndEveryEditAtTheRecomputedPage(part: Int) {
        var random = SeededRandom(seed: 2026 + UInt64(part))
        var failures = 0
        for script in (part * 2_500)..<((part + 1) * 2_500) where failures < 3 {
            let source = SourceCache<Int, Item>(key: \.id)
            let predicate = MutableProperty(Int.random(in: 0..<Self.predicates.count, using: &random))
            let comparator = MutableProperty(Int.random(in: 0..<Self.comparators.count, using: &random))
            let window = MutableProperty(PageWindow(start: Int.random(in: 0..<8, using: &random), size: Int.random(in: 1..<12, using: &random)))
            let rows = Rows()
            let predicates = predicate.producer.map { Self.predicates[$0] }
            let comparators = comparator.producer.map { Self.comparators[$0] }
            // Half the scripts filter by key before the sort, half by position after it.
            let filtersAfterSort = script % 2 == 1
            let sorted = filtersAfterSort
                ? source.connect().sort(by: comparators).filter(where: predicates)
                : source.connect().filter(where: predicates).sort(by: comparators)
            let run = sorted.page(window.producer).startWithValues(rows.apply)
            var items: [Int: Item] = [:]
            var log: [String] = []
            for step in 0..<Int.random(in: 4..<24, using: &random) {
                let what = Int.random(in: 0..<100, using: &random)
                switch what {
                case 0..<30:
                    let item = Item(id: Int.random(in: 0..<40, using: &random), score: Int.random(in: 0..<100, using: &random))
                    items[item.id] = item
                    source.addOrUpdate(item)
                    log.append("put \(item)")
                case 30..<40:
                    let batch = (0..<Int.random(in: 1..<90, using: &random)).map { _ in
                        Item(id: Int.random(in: 0..<120, using: &random), score: Int.random(in: 0..<100, using: &random))
                    }
                    for item in batch { items[item.id] = item }
                    source.addOrUpdate(contentsOf: batch)
                    log.append("batch of \(batch.count)")
                case 40..<60:
                    let id = items.keys.randomElement(using: &random) ?? 0
                    items[id] = nil
                    source.remove(id)
                    log.append("remove \(id)")
                case 60..<68:
                    predicate.value = Int.random(in: 0..<Self.predicates.count, using: &random)
                    log.append("predicate \(predicate.value)")
                case 68..<76:
                    comparator.value = Int.random(in: 0..<Self.comparators.count, using: &random)
                    log.append("comparator \(comparator.value)")
                case 76..<84:
                    window.value = PageWindow(start: Int.random(in: 0..<30, using: &random), size: Int.random(in: 0..<15, using: &random))
                    log.append("window \(window.value)")
                case 84..<87:
                    items.removeAll()
                    source.removeAll()
                    log.append("remove all")
                default:
                    // Moves: one item's score changes, so it goes elsewhere in the order.
                    guard let id = items.keys.randomElement(using: &random), var item = items[id] else { continue }
                    item.score = Int.random(in: 0..<100, using: &random)
                    items[id] = item
                    source.addOrUpdate(item)
                    log.append("rescore \(item)")
                }
                let expected = Array(items.values.filter(Self.predicates[predicate.value])
                    .sorted(by: Self.comparators[comparator.value])
                    .dropFirst(window.value.start).prefix(window.value.size))
                if Array(rows.rows) != expected || (rows.counts.last.map { $0 != rows.rows.count } ?? false) {
                    failures += 1
                    Issue.record("script \(script) (filter \(filtersAfterSort ? "after" : "before") sort), step \(step): \(Array(rows.rows).map(\.id)) != \(expected.map(\.id)) after \(log)")
                    break
                }
            }
            run.dispose()
        }
        #expect(failures == 0)
    }

    /// Items the comparator does not order keep the order they first came in, whatever edits,
    /// batches and resorts pass, at a size that splits the trees (and, at 70,000, sorts in two
    /// halves): the sort's ties, found without a table by key.
    @Test(arguments: [3_000, 70_000])
    func tiedItemsKeepTheirArrivalOrderThroughEditsBatchesAndResorts(size: Int) {
        var random = SeededRandom(seed: 77)
        let source = SourceCache<Int, Item>(key: \.id)
        let byScore: Comparator = { $0.score < $1.score }
        let byScoreDescending: Comparator = { $0.score > $1.score }
        let comparator = MutableProperty(byScore)
        let predicate = MutableProperty<Predicate>({ _ in true })
        let rows = Rows()
        var arrivals: [Int: Int] = [:]
        var nextArrival = 0
        var items: [Int: Item] = [:]
        func put(_ batch: [Item]) {
            for item in batch {
                if arrivals[item.id] == nil {
                    arrivals[item.id] = nextArrival
                    nextArrival += 1
                }
                items[item.id] = item
            }
            source.addOrUpdate(contentsOf: batch)
        }
        func remove(_ id: Int) {
            items[id] = nil
            arrivals[id] = nil
            source.remove(id)
        }
        // Connected first, so the first items arrive as one change set, in order.
        let run = source.connect().sort(by: comparator.producer).filter(where: predicate.producer).startWithValues(rows.apply)
        defer { run.dispose() }
        put((0..<size).map { Item(id: $0, score: Int.random(in: 0..<10, using: &random)) })
        for step in 0..<400 {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<40: put([Item(id: Int.random(in: 0..<(size + size / 4), using: &random), score: Int.random(in: 0..<10, using: &random))])
            case 40..<70: if let id = items.keys.randomElement(using: &random) { remove(id) }
            case 70..<75: put((0..<(size / 8)).map { _ in Item(id: Int.random(in: 0..<(size * 2), using: &random), score: Int.random(in: 0..<10, using: &random)) })
            case 75..<80:
                let descending = Bool.random(using: &random)
                comparator.value = descending ? byScoreDescending : byScore
            case 80..<85:
                let threshold = Int.random(in: 0...10, using: &random)
                predicate.value = { $0.score < threshold }
            default:
                // A few rows come or go: sent one by one.
                let odd = Int.random(in: 0..<size, using: &random)
                predicate.value = { $0.id != odd }
            }
            guard step % 20 == 0 || step == 399 else { continue }
            let expected = items.values.filter(predicate.value).sorted { first, second in
                if comparator.value(first, second) { return true }
                if comparator.value(second, first) { return false }
                return (arrivals[first.id] ?? 0) < (arrivals[second.id] ?? 0)
            }
            #expect(Array(rows.rows) == expected, "step \(step)")
            #expect(rows.counts.last == expected.count)
            if Array(rows.rows) != expected { return }
        }
    }

    @Test func aNewPredicateThatChangesFewRowsSendsThemOneByOne() {
        let source = SourceCache<Int, Item>(key: \.id)
        source.addOrUpdate(contentsOf: (0..<5_000).map { Item(id: $0, score: $0 % 100) })
        let predicate = MutableProperty<Predicate>({ $0.id != 10 })
        let sets = Log<IndexedChangeSet<Item>>()
        let rows = Rows()
        source.connect().sort(by: { $0.id < $1.id }).filter(where: predicate.producer)
            .startWithValues { sets.append($0); rows.apply($0) }
        predicate.value = { $0.id != 20 }
        guard case let .insert(item, at)? = sets.values.last?.changes.first, sets.values.last?.changes.count == 2,
              case let .remove(gone, from)? = sets.values.last?.changes.last else {
            Issue.record("an insertion and a removal: \(String(describing: sets.values.last?.changes.count))")
            return
        }
        #expect(item.id == 10 && at == 10 && gone.id == 20 && from == 20)
        #expect(Array(rows.rows).map(\.id) == Array(0..<5_000).filter { $0 != 20 })
        let before = sets.values.count
        predicate.value = { $0.id != 20 && $0.id < 10_000 }
        #expect(sets.values.count == before, "nothing came or went: nothing sent")
        predicate.value = { $0.score < 50 }
        guard case .reset? = sets.values.last?.changes.first else {
            Issue.record("many rows went: one reset")
            return
        }
        #expect(Array(rows.rows).map(\.id) == Array(0..<5_000).filter { $0 % 100 < 50 })
    }

    /// An object whose score changes in place, as an app's item model would.
    final class Goods: Sendable {
        let id: Int
        let score: Mutex<Int>
        init(id: Int, score: Int) {
            self.id = id
            self.score = Mutex(score)
        }
        var currentScore: Int { score.withLock { $0 } }
    }

    /// A view of `Goods` at the end of a pipeline.
    final class GoodsRows: @unchecked Sendable { // safe: the pipeline delivers synchronously on the test's own thread
        var rows = CountedTree<Goods>()
        var counts: [Int] = []
        func apply(_ set: IndexedChangeSet<Goods>) {
            for change in set.changes { rows.apply(change) }
            counts.append(set.count)
        }
    }

    /// A sort by a key taken from each item follows objects changed in place and refreshed (it
    /// kept the key each was placed by), and updates, removals and ties in arrival order, at a
    /// size that splits its trees.
    @Test func aSortByKeyFollowsObjectsChangedInPlaceAndRefreshed() {
        var random = SeededRandom(seed: 5)
        let source = SourceCache<Int, Goods>(key: \.id)
        let shown = GoodsRows()
        let run = source.connect().sort(by: { $0.currentScore }).startWithValues(shown.apply)
        defer { run.dispose() }
        var arrivals: [Int: Int] = [:]
        var nextArrival = 0
        var held: [Int: Goods] = [:]
        func put(_ goods: Goods) {
            if held[goods.id] == nil {
                arrivals[goods.id] = nextArrival
                nextArrival += 1
            }
            held[goods.id] = goods
            source.addOrUpdate(goods)
        }
        for id in 0..<2_000 { put(Goods(id: id, score: Int.random(in: 0..<50, using: &random))) }
        for step in 0..<600 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                // Changed in place: the cache holds the same object, only a refresh tells.
                guard let goods = held.values.randomElement(using: &random) else { continue }
                goods.score.withLock { $0 = Int.random(in: 0..<50, using: &random) }
                source.refresh(goods.id)
            case 5..<7:
                put(Goods(id: Int.random(in: 0..<2_500, using: &random), score: Int.random(in: 0..<50, using: &random)))
            default:
                guard let id = held.keys.randomElement(using: &random) else { continue }
                held[id] = nil
                arrivals[id] = nil
                source.remove(id)
            }
            guard step % 50 == 0 || step == 599 else { continue }
            let expected = held.values.sorted {
                ($0.currentScore, arrivals[$0.id] ?? 0) < ($1.currentScore, arrivals[$1.id] ?? 0)
            }
            #expect(Array(shown.rows).map(\.id) == expected.map(\.id), "step \(step)")
            #expect(shown.counts.last == expected.count)
        }
    }

    @Test func aChangeOutsideThePageSendsNothingAndOneBeforeItShiftsIt() {
        let source = SourceCache<Int, Item>(key: \.id)
        source.addOrUpdate(contentsOf: (0..<10).map { Item(id: $0, score: $0 * 10) })
        let sets = Log<IndexedChangeSet<Item>>()
        let rows = Rows()
        source.connect()
            .sort(by: { $0.score < $1.score })
            .page(SignalProducer(value: PageWindow(start: 2, size: 3)))
            .startWithValues { sets.append($0); rows.apply($0) }
        #expect(Array(rows.rows).map(\.id) == [2, 3, 4])
        let before = sets.values.count
        source.addOrUpdate(Item(id: 50, score: 95))
        #expect(sets.values.count == before, "after the page: nothing to tell it")
        source.addOrUpdate(Item(id: 60, score: -1))
        #expect(Array(rows.rows).map(\.id) == [1, 2, 3], "one row entered at the top, one left at the bottom")
        #expect(sets.values.last?.changes.count == 2)
    }

    @Test func aRescoredItemMovesAndAnUnchangedPlaceIsAnUpdate() {
        let source = SourceCache<Int, Item>(key: \.id)
        source.addOrUpdate(contentsOf: (0..<5).map { Item(id: $0, score: $0) })
        let sets = Log<IndexedChangeSet<Item>>()
        source.connect().sort(by: { $0.score < $1.score }).startWithValues { sets.append($0) }
        source.addOrUpdate(Item(id: 0, score: 10))
        guard case let .move(item, from, to)? = sets.values.last?.changes.first else {
            Issue.record("a move: \(String(describing: sets.values.last?.changes))")
            return
        }
        #expect(item == Item(id: 0, score: 10) && from == 0 && to == 4)
        source.addOrUpdate(Item(id: 2, score: 2))
        guard case let .update(_, _, at)? = sets.values.last?.changes.first else {
            Issue.record("an update in place: \(String(describing: sets.values.last?.changes))")
            return
        }
        #expect(at == 1)
    }

    @Test func anObserverMayEditItsSourceAndEditsFromManyThreadsAllArrive() async {
        let source = SourceCache<Int, Item>(key: \.id)
        let rows = Rows()
        let lock = Mutex(())
        _ = source.connect().sort(by: { $0.id < $1.id }).startWithValues { set in
            lock.withLock { _ in rows.apply(set) }
            // Reentrant: served after the current change set.
            if set.changes.contains(where: { if case let .insert(item, _) = $0 { item.id == 7 } else { false } }) {
                source.addOrUpdate(Item(id: 1_000, score: 0))
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for index in 0..<250 { source.addOrUpdate(Item(id: thread * 250 + index, score: index)) }
                }
            }
        }
        #expect(source.count == 1_001)
        lock.withLock { _ in
            #expect(Array(rows.rows).map(\.id) == Array(0..<1_000) + [1_000])
        }
    }
}
