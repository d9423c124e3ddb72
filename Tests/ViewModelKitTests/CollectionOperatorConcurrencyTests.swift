import DemoData
import Reactive
import Testing
import ViewModelKit

/// The operators under edits from several threads at once: each keeps its state in its drain,
/// so when the edits are done every view equals what recomputing it gives.
@Suite("Collection operators: edits from several threads")
struct CollectionOperatorConcurrencyTests {
    @Test func editsFromSeveralThreadsEndAtTheRecomputedViews() async {
        let source = SourceCache<Int, ScriptItem>(key: \.id)
        let other = SourceCache<Int, ScriptItem>(key: \.id)
        let scores = KeyedMirror<Int, Int>()
        let places = KeyedMirror<Int, Int>()
        let sections = CollectionOperatorGroupTests.Sections()
        let except = KeyedMirror<Int, ScriptItem>()
        let union = KeyedMirror<Int, ScriptItem>()
        let runs = [
            source.connect().transform(\.score).startWithValues(scores.apply),
            source.connect().distinct(\.place).startWithValues(places.apply),
            source.connect().group(by: \.place).startWithValues(sections.apply),
            source.connect().except(other.connect()).startWithValues(except.apply),
            source.connect().or(other.connect()).startWithValues(union.apply),
        ]
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    // Three threads edit the source, one the other source; their own records of
                    // what the caches hold go stale, which only makes their removals miss more.
                    var script = EditScript(seed: 19_000 + UInt64(thread), keys: 60)
                    for _ in 0..<400 { script.step(thread < 3 ? source : other) }
                }
            }
        }
        let items = Dictionary(uniqueKeysWithValues: source.items.map { ($0.id, $0) })
        let others = Dictionary(uniqueKeysWithValues: other.items.map { ($0.id, $0) })
        #expect(scores.values == items.mapValues(\.score) && scores.violations.isEmpty, "\(scores.violations)")
        #expect(Set(places.values.keys) == Set(items.values.map(\.place)) && places.violations.isEmpty, "\(places.violations)")
        let mismatch = CollectionOperatorGroupTests.mismatch(sections, items)
        #expect(mismatch == nil, "\(mismatch ?? "")")
        #expect(except.values == items.filter { others[$0.key] == nil } && except.violations.isEmpty, "\(except.violations)")
        #expect(union.values == others.merging(items) { _, first in first } && union.violations.isEmpty, "\(union.violations)")
        for run in runs { run.dispose() }
        sections.dispose()
    }

    @Test func autoRefreshFollowsExactlyTheHeldItemsWhileThreadsReplaceThemAndChangeThem() async {
        let source = SourceCache<Int, LiveItem>(key: \.id)
        // Several objects per key: putting one replaces the one held.
        let pool = (0..<120).map { LiveItem(id: $0 % 30, score: 0) }
        let live = LiveRuns()
        let shown = KeyedMirror<Int, LiveItem>(isSame: ===)
        let run = source.connect().autoRefresh(live.scores).startWithValues(shown.apply)
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    var random = SeededRandom(seed: 23_000 + UInt64(thread))
                    for _ in 0..<1_500 {
                        let item = pool[Int.random(in: 0..<pool.count, using: &random)]
                        if thread < 2 {
                            if Int.random(in: 0..<3, using: &random) == 0 { source.remove(item.id) } else { source.addOrUpdate(item) }
                        } else {
                            item.score.value += 1
                        }
                    }
                }
            }
        }
        let held = Dictionary(uniqueKeysWithValues: source.items.map { ($0.id, $0) })
        #expect(shown.values.count == held.count && held.allSatisfy { shown.values[$0.key] === $0.value })
        #expect(shown.violations.isEmpty, "\(shown.violations)")
        #expect(live.value == held.count, "one live run per item held")
        #expect(pool.reduce(0) { $0 + $1.score.observerCount } == held.count)
        run.dispose()
        #expect(live.value == 0 && pool.allSatisfy { $0.score.observerCount == 0 })
    }
}
