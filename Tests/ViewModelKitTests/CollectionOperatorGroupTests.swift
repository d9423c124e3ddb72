import Reactive
import Synchronization
import Testing
import ViewModelKit

/// `group(by:)`: the items in groups, each group followed through its own connection.
@Suite("Collection operators: group")
struct CollectionOperatorGroupTests {
    typealias Group = CollectionGroup<Int, Int, ScriptItem>

    /// A view in sections: the groups as their change sets left them, and each group's members
    /// as the group's own connection (made when the group came) left them.
    final class Sections: Sendable {
        let groups = KeyedMirror<Int, Group>(isSame: ===)
        private let sections = Mutex<[Int: (run: any Disposable, rows: KeyedMirror<Int, ScriptItem>)]>([:])
        private let problems = Mutex<[String]>([])

        var violations: [String] { problems.withLock { $0 } + groups.violations + rows.values.flatMap(\.violations) }
        /// Each group's members as its connection left them.
        var rows: [Int: KeyedMirror<Int, ScriptItem>] { sections.withLock { $0.mapValues(\.rows) } }

        func apply(_ set: ChangeSet<Int, Group>) {
            groups.apply(set)
            for change in set {
                switch change {
                case let .add(key, group):
                    let rows = KeyedMirror<Int, ScriptItem>()
                    let run = group.connect().startWithValues(rows.apply)
                    sections.withLock { $0[key] = (run, rows) }
                case let .remove(key, group):
                    guard let section = sections.withLock({ $0.removeValue(forKey: key) }) else { continue }
                    section.run.dispose()
                    if !section.rows.values.isEmpty || group.count != 0 {
                        problems.withLock { $0.append("group \(key) removed holding \(section.rows.values.count), count \(group.count)") }
                    }
                case .update:
                    problems.withLock { $0.append("group \(change.key) updated: a group is replaced only by removing it") }
                case .refresh:
                    break
                }
            }
        }

        func dispose() { sections.withLock { $0.values.forEach { $0.run.dispose() } } }
    }

    /// What is wrong with `sections` given the items it should show (nil when nothing is).
    static func mismatch(_ sections: Sections, _ items: [Int: ScriptItem]) -> String? {
        let expected = Dictionary(grouping: items.values, by: \.place).mapValues { Dictionary(uniqueKeysWithValues: $0.map { ($0.id, $0) }) }
        let groups = sections.groups.values
        let rows = sections.rows
        if Set(groups.keys) != Set(expected.keys) || Set(rows.keys) != Set(expected.keys) {
            return "groups \(groups.keys.sorted()), sections \(rows.keys.sorted()), expected \(expected.keys.sorted())"
        }
        for (place, members) in expected {
            if rows[place]?.values != members { return "group \(place) shows \(rows[place]?.values ?? [:]), expected \(members)" }
            if groups[place]?.count != members.count { return "group \(place) counts \(groups[place]?.count ?? -1), expected \(members.count)" }
        }
        let violations = sections.violations
        return violations.isEmpty ? nil : "\(violations)"
    }

    @Test func randomScriptsEndEveryEditAtTheRecomputedGroupsAndEachChangedGroupIsRefreshed() {
        var failures = 0
        for script in 0..<500 where failures < 3 {
            var edits = EditScript(seed: 11_000 + UInt64(script), places: 1 + script % 6)
            let source = SourceCache<Int, ScriptItem>(key: \.id)
            // Some runs start over a full cache, so the first change set makes the groups.
            for _ in 0..<(script % 3) { edits.step(source) }
            let sections = Sections()
            let run = source.connect().group(by: \.place).startWithValues(sections.apply)
            for step in 0..<Int.random(in: 5..<30, using: &edits.random) {
                let before = edits.items
                let groupsBefore = sections.groups.values
                let setsBefore = sections.groups.sets.count
                edits.step(source)
                if let problem = Self.mismatch(sections, edits.items) {
                    failures += 1
                    Issue.record("script \(script), step \(step): \(problem) after \(edits.log)")
                    break
                }
                let refreshed = Set(sections.groups.sets.dropFirst(setsBefore).flatMap { $0.compactMap { change -> Int? in
                    if case let .refresh(key, _) = change { key } else { nil }
                } })
                for (place, group) in groupsBefore {
                    guard let now = sections.groups.values[place] else { continue }
                    let was = before.values.filter { $0.place == place }.map { $0 }
                    let isNow = edits.items.values.filter { $0.place == place }.map { $0 }
                    if now !== group || (Set(was.map(\.description)) != Set(isNow.map(\.description)) && !refreshed.contains(place)) {
                        failures += 1
                        Issue.record("script \(script), step \(step): group \(place) replaced or changed without a refresh after \(edits.log)")
                    }
                }
            }
            run.dispose()
            sections.dispose()
        }
        #expect(failures == 0)
    }

    @Test func anItemWhoseGroupChangesMovesAndTheEmptiedGroupGoes() {
        let source = SourceCache<Int, ScriptItem>(key: \.id)
        source.addOrUpdate(contentsOf: [ScriptItem(id: 1, score: 0, place: 1), ScriptItem(id: 2, score: 0, place: 1), ScriptItem(id: 3, score: 0, place: 2)])
        let sections = Sections()
        let run = source.connect().group(by: \.place).startWithValues(sections.apply)
        #expect(sections.groups.values[1]?.count == 2 && sections.groups.values[2]?.count == 1)
        let groupOne = sections.groups.values[1]
        source.addOrUpdate(ScriptItem(id: 3, score: 0, place: 1))
        #expect(Set(sections.groups.values.keys) == [1], "place 2 lost its only item")
        #expect(sections.groups.values[1] === groupOne && groupOne?.count == 3, "place 1 is the same group, with one more")
        #expect(sections.rows[1]?.values[3] == ScriptItem(id: 3, score: 0, place: 1))
        guard let last = sections.groups.sets.last, last.count == 2,
              case .remove(2, _) = last[0], case .refresh(1, _) = last[1] else {
            Issue.record("the emptied group removed, the other refreshed, in the order touched: \(sections.groups.sets.last.map { Array($0) } ?? [])")
            return
        }
        source.addOrUpdate(ScriptItem(id: 1, score: 0, place: 3))
        #expect(Set(sections.groups.values.keys) == [1, 3] && sections.rows[3]?.values.keys.sorted() == [1])
        #expect(sections.rows[1]?.values.keys.sorted() == [2, 3])
        #expect(sections.violations.isEmpty, "\(sections.violations)")
        run.dispose()
        sections.dispose()
    }

    @Test func aGroupsSectionFollowsItThroughSortLikeAnyCollection() {
        let source = SourceCache<Int, ScriptItem>(key: \.id)
        source.addOrUpdate(contentsOf: (0..<6).map { ScriptItem(id: $0, score: 10 - $0, place: $0 % 2) })
        let groups = KeyedMirror<Int, Group>(isSame: ===)
        let run = source.connect().group(by: \.place).startWithValues(groups.apply)
        guard let even = groups.values[0] else {
            Issue.record("a group for place 0: \(groups.values.keys)")
            return
        }
        final class Rows: @unchecked Sendable { // safe: this test edits and observes on its own thread only
            var rows = CountedTree<ScriptItem>()
        }
        let rows = Rows()
        let section = even.connect().sort(by: { $0.score < $1.score }).startWithValues { set in
            for change in set.changes { rows.rows.apply(change) }
        }
        #expect(Array(rows.rows).map(\.id) == [4, 2, 0])
        source.addOrUpdate(ScriptItem(id: 2, score: 100, place: 0))
        source.addOrUpdate(ScriptItem(id: 1, score: 0, place: 0))
        #expect(Array(rows.rows).map(\.id) == [1, 4, 0, 2])
        section.dispose()
        run.dispose()
    }
}
