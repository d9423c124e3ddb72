import DemoData
import Synchronization
import ViewModelKit

/// An item of the operator tests: a key, a number a sort or filter reads, and a place to
/// group by or list.
struct ScriptItem: Sendable, Equatable, CustomStringConvertible {
    let id: Int
    var score: Int
    var place: Int

    var description: String { "\(id):\(score)@\(place)" }
}

/// A view at the end of a keyed pipeline: what its change sets left, checked as they come. Every
/// change must be possible where it comes (an add for a key not held, an update, refresh or
/// removal for one held, with the value held as the previous one or the one removed); an
/// impossible one is kept in `violations`.
final class KeyedMirror<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var values: [Key: Value] = [:]
        var violations: [String] = []
        var sets: [ChangeSet<Key, Value>] = []
    }

    private let state = Mutex(State())
    private let isSame: @Sendable (Value, Value) -> Bool

    /// A mirror that tells the value held from the one a change names by `isSame`.
    init(isSame: @escaping @Sendable (Value, Value) -> Bool) { self.isSame = isSame }

    var values: [Key: Value] { state.withLock { $0.values } }
    var violations: [String] { state.withLock { $0.violations } }
    /// Every change set so far.
    var sets: [ChangeSet<Key, Value>] { state.withLock { $0.sets } }

    func apply(_ set: ChangeSet<Key, Value>) {
        state.withLock { state in
            state.sets.append(set)
            if set.isEmpty { state.violations.append("an empty change set") }
            for change in set {
                let held = state.values[change.key]
                switch change {
                case let .add(key, value):
                    if held != nil { state.violations.append("add of held \(key)") }
                    state.values[key] = value
                case let .update(key, value, previous):
                    if let held, !isSame(held, previous) {
                        state.violations.append("update of \(key) names \(previous), held \(held)")
                    } else if held == nil {
                        state.violations.append("update of \(key), not held")
                    }
                    state.values[key] = value
                case let .refresh(key, value):
                    if let held, !isSame(held, value) {
                        state.violations.append("refresh of \(key) names \(value), held \(held)")
                    } else if held == nil {
                        state.violations.append("refresh of \(key), not held")
                    }
                case let .remove(key, value):
                    if let held, !isSame(held, value) {
                        state.violations.append("remove of \(key) names \(value), held \(held)")
                    } else if held == nil {
                        state.violations.append("remove of \(key), not held")
                    }
                    state.values[key] = nil
                }
            }
        }
    }
}

extension KeyedMirror where Value: Equatable {
    convenience init() { self.init(isSame: ==) }
}

/// One edit of a planned batch.
enum PlannedEdit {
    case put(ScriptItem)
    case remove(Int)
    case refresh(Int)
}

/// Random edits of a `SourceCache` of `ScriptItem`s and the items it should hold after them,
/// from the project's seeded generator, so a failing script repeats.
struct EditScript {
    var random: SeededRandom
    /// What the cache holds, recomputed naively.
    var items: [Int: ScriptItem] = [:]
    var log: [String] = []
    let keys: Int
    let places: Int

    init(seed: UInt64, keys: Int = 40, places: Int = 6) {
        random = SeededRandom(seed: seed)
        self.keys = keys
        self.places = places
    }

    mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &random) }

    mutating func newItem(id: Int? = nil) -> ScriptItem {
        ScriptItem(id: id ?? int(0..<keys), score: int(0..<100), place: int(0..<places))
    }

    /// One random edit of `source` (which must hold `items`), recorded in `items` and `log`.
    mutating func step(_ source: SourceCache<Int, ScriptItem>) {
        switch int(0..<100) {
        case 0..<30:
            let item = newItem()
            items[item.id] = item
            source.addOrUpdate(item)
            log.append("put \(item)")
        case 30..<45:
            // One edit of several kinds of change, some of the same key.
            var edits: [String] = []
            var next = items
            let count = int(1..<30)
            var plan: [PlannedEdit] = []
            for _ in 0..<count {
                switch int(0..<10) {
                case 0..<6:
                    let item = newItem()
                    plan.append(.put(item))
                    next[item.id] = item
                    edits.append("put \(item)")
                case 6..<8:
                    let id = next.keys.randomElement(using: &random) ?? int(0..<keys)
                    plan.append(.remove(id))
                    next[id] = nil
                    edits.append("remove \(id)")
                default:
                    let id = next.keys.randomElement(using: &random) ?? int(0..<keys)
                    plan.append(.refresh(id))
                    edits.append("refresh \(id)")
                }
            }
            source.edit { editor in
                for edit in plan {
                    switch edit {
                    case let .put(item): editor.addOrUpdate(item)
                    case let .remove(id): editor.remove(id)
                    case let .refresh(id): editor.refresh(id)
                    }
                }
            }
            items = next
            log.append("edit [\(edits.joined(separator: ", "))]")
        case 45..<62:
            let id = items.keys.randomElement(using: &random) ?? int(0..<keys)
            items[id] = nil
            source.remove(id)
            log.append("remove \(id)")
        case 62..<70:
            let id = items.keys.randomElement(using: &random) ?? int(0..<keys)
            source.refresh(id)
            log.append("refresh \(id)")
        case 70..<73:
            items.removeAll()
            source.removeAll()
            log.append("remove all")
        default:
            // A held item changes its place or score: it moves between groups, distinct values.
            guard let id = items.keys.randomElement(using: &random), var item = items[id] else { return }
            if int(0..<2) == 0 { item.place = int(0..<places) } else { item.score = int(0..<100) }
            items[id] = item
            source.addOrUpdate(item)
            log.append("change \(item)")
        }
    }
}
