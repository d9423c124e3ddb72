import DemoData
import Reactive
import ViewModelKit

/// What each keyed operator costs per change, at two sizes: a source of `count` rows (a score
/// and one of 100 places) with one operator after it, its first load and then 20,000 single
/// edits (a put, one in ten a removal) timed whole. An operator that costs what changed shows
/// the same time per edit at either size. No display needed. `autoRefresh` runs at a tenth of
/// the sizes: it keeps a live run per row.
@MainActor
enum CollectionOperatorBench {
    struct Row: Sendable {
        let id: Int
        var score: Int
        var place: Int
    }

    /// The operators measured, each started over `source` (with `other` for the combination).
    static let operators: [(name: String, start: @Sendable (SourceCache<Int, Row>, SourceCache<Int, Row>) -> any Disposable)] = [
        ("source alone", { source, _ in source.connect().startWithValues { _ in } }),
        ("transform", { source, _ in source.connect().transform { ($0.id, $0.score * 2) }.startWithValues { _ in } }),
        ("group(by:)", { source, _ in
            // One group's section followed, as a screen follows the sections it shows.
            let section = SerialDisposable()
            let run = source.connect().group(by: \.place).startWithValues { set in
                if section.inner == nil, let group = set.first?.value { section.inner = group.connect().startWithValues { _ in } }
            }
            return AnyDisposable {
                run.dispose()
                section.dispose()
            }
        }),
        ("sort(by:)", { source, _ in source.connect().sort(by: { ($0.score, $0.id) < ($1.score, $1.id) }).startWithValues { _ in } }),
        ("sort(by:).filter(where:)", { source, _ in
            source.connect().sort(by: { ($0.score, $0.id) < ($1.score, $1.id) }).filter(where: { $0.place < 50 }).startWithValues { _ in }
        }),
        ("distinct", { source, _ in source.connect().distinct(\.place).startWithValues { _ in } }),
        ("except", { source, other in source.connect().except(other.connect()).startWithValues { _ in } }),
        ("autoRefresh", { source, _ in
            source.connect().autoRefresh { _ in SignalProducer<Int, Never>.never }.startWithValues { _ in }
        }),
    ]

    /// One line per operator (those whose name starts with `only`, when given) and size: first
    /// load in ms, then µs per edit.
    static func run(sizes: [Int], only: String? = nil) -> [String] {
        var lines: [String] = []
        for (name, start) in operators where only.map(name.hasPrefix) ?? true {
            for size in sizes {
                let count = name == "autoRefresh" ? size / 10 : size
                var random = SeededRandom(seed: 31)
                let source = SourceCache<Int, Row>(key: \.id)
                let other = SourceCache<Int, Row>(key: \.id)
                source.addOrUpdate(contentsOf: (0..<count).map { Row(id: $0, score: Int.random(in: 0..<1_000, using: &random), place: $0 % 100) })
                other.addOrUpdate(contentsOf: stride(from: 0, to: count, by: 10).map { Row(id: $0, score: 0, place: 0) })
                let loadStart = ContinuousClock.now
                let run = start(source, other)
                let load = ContinuousClock.now - loadStart
                let edits = 20_000
                let script: [(Int, Row?)] = (0..<edits).map { _ in
                    let id = Int.random(in: 0..<(count + count / 10), using: &random)
                    let isRemoval = Int.random(in: 0..<10, using: &random) == 0
                    return (id, isRemoval ? nil : Row(id: id, score: Int.random(in: 0..<1_000, using: &random), place: Int.random(in: 0..<100, using: &random)))
                }
                let editStart = ContinuousClock.now
                for (id, row) in script {
                    if let row { source.addOrUpdate(row) } else { source.remove(id) }
                }
                let edit = ContinuousClock.now - editStart
                run.dispose()
                lines.append("collection operator \(name) at \(count) rows: load \(CollectionBench.milliseconds(load)) ms, \((CollectionBench.milliseconds(edit) * 1_000 / Double(edits)).rounded(toPlaces: 2)) µs per edit")
            }
        }
        return lines
    }
}
