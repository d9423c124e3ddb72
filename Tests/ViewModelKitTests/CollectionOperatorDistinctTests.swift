import Reactive
import Testing
import ViewModelKit

/// `distinct`: the values items have, each while at least one item has it.
@Suite("Collection operators: distinct")
struct CollectionOperatorDistinctTests {
    @Test func randomScriptsEndEveryEditAtTheRecomputedValues() {
        var failures = 0
        for script in 0..<600 where failures < 3 {
            var edits = EditScript(seed: 9_300 + UInt64(script), places: 1 + script % 7)
            let source = SourceCache<Int, ScriptItem>(key: \.id)
            let places = KeyedMirror<Int, Int>()
            let run = source.connect().distinct(\.place).startWithValues(places.apply)
            for step in 0..<Int.random(in: 5..<30, using: &edits.random) {
                edits.step(source)
                let expected = Set(edits.items.values.map(\.place))
                let shown = places.values
                if Set(shown.keys) != expected || shown.contains(where: { $0.key != $0.value }) || !places.violations.isEmpty {
                    failures += 1
                    Issue.record("script \(script), step \(step): \(shown.keys.sorted()) != \(expected.sorted()), \(places.violations) after \(edits.log)")
                    break
                }
            }
            run.dispose()
        }
        #expect(failures == 0)
    }

    @Test func aValueStaysWhileAnyItemHasItAndGoesWithTheLast() {
        let source = SourceCache<Int, ScriptItem>(key: \.id)
        let places = KeyedMirror<Int, Int>()
        let run = source.connect().distinct(\.place).startWithValues(places.apply)
        source.addOrUpdate(contentsOf: [ScriptItem(id: 1, score: 0, place: 5), ScriptItem(id: 2, score: 0, place: 5)])
        #expect(places.values == [5: 5] && places.sets.count == 1 && places.sets[0].count == 1, "one add for two items")
        source.remove(1)
        #expect(places.sets.count == 1, "item 2 still has place 5")
        source.addOrUpdate(ScriptItem(id: 2, score: 0, place: 6))
        #expect(places.values == [6: 6], "the last item with 5 moved to 6")
        guard places.sets.count == 2 else {
            Issue.record("one change set for the move: \(places.sets)")
            return
        }
        #expect(places.sets[1].count == 2)
        source.addOrUpdate(ScriptItem(id: 2, score: 9, place: 6))
        #expect(places.sets.count == 2, "a change that keeps the value sends nothing")
        source.edit { editor in
            editor.remove(2)
            editor.addOrUpdate(ScriptItem(id: 3, score: 0, place: 6))
        }
        #expect(places.sets.count == 2, "6 went and came back in one edit: nothing to tell")
        source.removeAll()
        #expect(places.values.isEmpty && places.violations.isEmpty)
        run.dispose()
    }
}
