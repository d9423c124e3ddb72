import Reactive
import Testing
import ViewModelKit

/// `and`, `or`, `except`: keyed sources combined by which of them hold a key.
@Suite("Collection operators: and, or, except")
struct CollectionOperatorCombineTests {
    typealias Source = SourceCache<Int, ScriptItem>
    typealias Producer = SignalProducer<ChangeSet<Int, ScriptItem>, Never>

    enum Rule: CaseIterable, Sendable {
        case and, or, except

        func combine(_ first: Producer, _ others: [Producer]) -> Producer {
            switch (self, others.count) {
            case (.and, 1): first.and(others[0])
            case (.and, _): first.and(others[0], others[1])
            case (.or, 1): first.or(others[0])
            case (.or, _): first.or(others[0], others[1])
            case (.except, 1): first.except(others[0])
            case (.except, _): first.except(others[0], others[1])
            }
        }

        /// The combination recomputed from what each source holds.
        func expected(_ sources: [[Int: ScriptItem]]) -> [Int: ScriptItem] {
            var out: [Int: ScriptItem] = [:]
            for key in Set(sources.flatMap(\.keys)) {
                switch self {
                case .and:
                    if sources.allSatisfy({ $0[key] != nil }) { out[key] = sources[0][key] }
                case .or:
                    out[key] = sources.lazy.compactMap { $0[key] }.first
                case .except:
                    if sources.dropFirst().allSatisfy({ $0[key] == nil }) { out[key] = sources[0][key] }
                }
            }
            return out
        }
    }

    @Test(arguments: Rule.allCases)
    func randomScriptsOverSeveralSourcesEndEveryEditAtTheRecomputedCombination(rule: Rule) {
        var failures = 0
        for script in 0..<400 where failures < 3 {
            let count = 2 + script % 2
            var scripts = (0..<count).map { EditScript(seed: 13_000 + UInt64(script * 3 + $0), keys: 16) }
            let sources = (0..<count).map { _ in Source(key: \.id) }
            // Some runs start over full sources.
            for index in 0..<count where (script / 2) % 2 == 0 {
                for _ in 0..<2 { scripts[index].step(sources[index]) }
            }
            let shown = KeyedMirror<Int, ScriptItem>()
            let run = rule.combine(sources[0].connect(), sources.dropFirst().map { $0.connect() }).startWithValues(shown.apply)
            for step in 0..<Int.random(in: 5..<40, using: &scripts[0].random) {
                let index = Int.random(in: 0..<count, using: &scripts[0].random)
                scripts[index].step(sources[index])
                let expected = rule.expected(scripts.map(\.items))
                if shown.values != expected || !shown.violations.isEmpty {
                    failures += 1
                    Issue.record("script \(script), step \(step) (source \(index)): \(shown.values) != \(expected), \(shown.violations) after \(scripts.map(\.log))")
                    break
                }
            }
            run.dispose()
        }
        #expect(failures == 0)
    }

    @Test func exceptLetsAKeyGoWhenAnotherSourceTakesItAndBackWhenItLetsGo() {
        let first = Source(key: \.id)
        let other = Source(key: \.id)
        first.addOrUpdate(contentsOf: [ScriptItem(id: 1, score: 1, place: 0), ScriptItem(id: 2, score: 2, place: 0)])
        other.addOrUpdate(ScriptItem(id: 2, score: 20, place: 0))
        let shown = KeyedMirror<Int, ScriptItem>()
        let run = first.connect().except(other.connect()).startWithValues(shown.apply)
        #expect(shown.values.keys.sorted() == [1])
        #expect(shown.sets.count == 1 && shown.sets[0].count == 1, "the excepted source was known first: 2 never came")
        other.addOrUpdate(ScriptItem(id: 1, score: 10, place: 0))
        #expect(shown.values.isEmpty)
        guard case .remove(1, ScriptItem(id: 1, score: 1, place: 0))? = shown.sets.last?.first else {
            Issue.record("1 removed with the first source's value: \(shown.sets)")
            return
        }
        other.remove(2)
        #expect(shown.values == [2: ScriptItem(id: 2, score: 2, place: 0)], "2 is back, with the first source's value")
        first.addOrUpdate(ScriptItem(id: 2, score: 3, place: 0))
        #expect(shown.values[2]?.score == 3, "its updates pass through")
        let sets = shown.sets.count
        other.addOrUpdate(ScriptItem(id: 9, score: 0, place: 0))
        #expect(shown.sets.count == sets, "a key only the other holds changes nothing")
        #expect(shown.violations.isEmpty)
        run.dispose()
    }

    @Test func orShowsTheFirstHoldersValueAndFallsBackWhenItLetsGo() {
        let first = Source(key: \.id)
        let second = Source(key: \.id)
        let shown = KeyedMirror<Int, ScriptItem>()
        let run = first.connect().or(second.connect()).startWithValues(shown.apply)
        second.addOrUpdate(ScriptItem(id: 1, score: 20, place: 0))
        #expect(shown.values[1]?.score == 20)
        first.addOrUpdate(ScriptItem(id: 1, score: 10, place: 0))
        #expect(shown.values[1]?.score == 10, "the first source wins")
        let sets = shown.sets.count
        second.addOrUpdate(ScriptItem(id: 1, score: 21, place: 0))
        second.refresh(1)
        #expect(shown.sets.count == sets, "the second source's changes of a key the first shows send nothing")
        first.refresh(1)
        guard case .refresh(1, _)? = shown.sets.last?.first else {
            Issue.record("the shown source's refresh passes through: \(shown.sets)")
            return
        }
        first.remove(1)
        guard case .update(1, ScriptItem(id: 1, score: 21, place: 0), ScriptItem(id: 1, score: 10, place: 0))? = shown.sets.last?.first else {
            Issue.record("an update to the second source's value: \(shown.sets)")
            return
        }
        second.remove(1)
        #expect(shown.values.isEmpty && shown.violations.isEmpty)
        run.dispose()
    }

    @Test func andHoldsTheKeysOfEverySourceWithTheFirstsValue() {
        let first = Source(key: \.id)
        let second = Source(key: \.id)
        let shown = KeyedMirror<Int, ScriptItem>()
        let run = first.connect().and(second.connect()).startWithValues(shown.apply)
        first.addOrUpdate(contentsOf: [ScriptItem(id: 1, score: 1, place: 0), ScriptItem(id: 2, score: 2, place: 0)])
        #expect(shown.sets.isEmpty)
        second.addOrUpdate(ScriptItem(id: 2, score: 99, place: 0))
        #expect(shown.values == [2: ScriptItem(id: 2, score: 2, place: 0)])
        second.addOrUpdate(ScriptItem(id: 2, score: 98, place: 0))
        #expect(shown.sets.count == 1, "the second source only decides which keys are in")
        first.remove(2)
        #expect(shown.values.isEmpty && shown.violations.isEmpty)
        run.dispose()
    }
}
