import Reactive
import Synchronization
import Testing
import ViewModelKit

/// `transform`: one output per item held, made once per add or update.
@Suite("Collection operators: transform")
struct CollectionOperatorTransformTests {
    /// What the tests transform an item into: its score, and which transform call made it.
    struct Row: Sendable, Equatable {
        let id: Int
        let score: Int
        let made: Int
    }

    final class Counter: Sendable {
        private let count = Atomic(0)
        func next() -> Int { count.add(1, ordering: .relaxed).newValue }
        var value: Int { count.load(ordering: .relaxed) }
    }

    @Test(arguments: [false, true])
    func randomScriptsEndEveryEditAtTheRecomputedOutputsWithOneTransformPerChange(transformingOnRefresh: Bool) {
        var failures = 0
        for script in 0..<400 where failures < 3 {
            var edits = EditScript(seed: 7_100 + UInt64(script) + (transformingOnRefresh ? 50_000 : 0))
            let source = SourceCache<Int, ScriptItem>(key: \.id)
            let made = Counter()
            let rows = KeyedMirror<Int, Row>()
            // The changes that should run the transform, counted beside it.
            let expectedCalls = Counter()
            let counting = source.connect().startWithValues { set in
                for change in set {
                    switch change {
                    case .add, .update: _ = expectedCalls.next()
                    case .refresh: if transformingOnRefresh { _ = expectedCalls.next() }
                    case .remove: break
                    }
                }
            }
            let run = source.connect()
                .transform(transformingOnRefresh: transformingOnRefresh) { item in
                    Row(id: item.id, score: item.score, made: made.next())
                }
                .startWithValues(rows.apply)
            for step in 0..<Int.random(in: 5..<30, using: &edits.random) {
                edits.step(source)
                let shown = rows.values.mapValues(\.score)
                let expected = edits.items.mapValues(\.score)
                if shown != expected || !rows.violations.isEmpty || made.value != expectedCalls.value {
                    failures += 1
                    Issue.record("script \(script), step \(step): \(shown) != \(expected), \(rows.violations), \(made.value) transforms for \(expectedCalls.value) after \(edits.log)")
                    break
                }
            }
            run.dispose()
            counting.dispose()
        }
        #expect(failures == 0)
    }

    @Test func aRefreshKeepsTheOutputUnlessAskedAndARemovalCarriesIt() {
        let source = SourceCache<Int, ScriptItem>(key: \.id)
        source.addOrUpdate(ScriptItem(id: 1, score: 10, place: 0))
        let made = Counter()
        let kept = KeyedMirror<Int, Row>()
        let remade = KeyedMirror<Int, Row>()
        let transform: @Sendable (ScriptItem) -> Row = { Row(id: $0.id, score: $0.score, made: made.next()) }
        let first = source.connect().transform(transform).startWithValues(kept.apply)
        let second = source.connect().transform(transformingOnRefresh: true, transform).startWithValues(remade.apply)
        #expect(made.value == 2)
        source.refresh(1)
        #expect(made.value == 3, "only the one transforming on refresh ran again")
        guard case let .refresh(_, row)? = kept.sets.last?.first else {
            Issue.record("a refresh of the output held: \(kept.sets)")
            return
        }
        #expect(row.made == 1)
        guard case let .update(_, new, previous)? = remade.sets.last?.first else {
            Issue.record("an update to the new output: \(remade.sets)")
            return
        }
        #expect(new.made == 3 && previous.made == 2)
        source.remove(1)
        guard case let .remove(_, removed)? = kept.sets.last?.first else {
            Issue.record("a removal: \(kept.sets)")
            return
        }
        #expect(removed.made == 1 && made.value == 3, "the removal carries the output made once, and makes none")
        first.dispose()
        second.dispose()
    }
}
