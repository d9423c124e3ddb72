import CGtk
import DemoData
import Dispatch
import Foundation
import GtkReactive
import HeapStats
import Reactive
import Synchronization
import ViewModelKit

/// The collection figures (issue #27): a keyed source of `count` rows through sort and then a
/// search box's filter (the positional one, after the sort) into a `GtkListView`. Times are of
/// one run; the pipeline's own work runs on a background thread, as an app runs it, and what is
/// timed on the main thread is what the window waits for.
@MainActor
enum CollectionBench {
    struct Row: Sendable {
        let id: Int
        var score: Int
    }

    /// A label per row, as a list's rows would be.
    final class LabelRow: ListRowView {
        let root: Widget
        init() { root = Label("") }
    }

    static let hooks = ListRowHooks<LabelRow, Row>(
        setup: { LabelRow() },
        bind: { row, item, _ in Label.cast(row.root.pointer)?.text = String(item.id) })

    typealias Predicate = @Sendable (Row) -> Bool
    typealias Comparator = @Sendable (Row, Row) -> Bool

    /// Runs `work` on a background thread and waits for it, pumping the main loop meanwhile.
    static func offMain<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T {
        let result = Mutex<T?>(nil)
        DispatchQueue.global().async {
            let value = work()
            result.withLock { $0 = value }
        }
        while true {
            if let value = result.withLock({ $0 }) { return value }
            _ = g_main_context_iteration(nil, 0)
            usleep(200)
        }
    }

    /// Lets the main loop run until it has nothing left to do (the list view laid out and its
    /// visible rows bound).
    static func settle() {
        for _ in 0..<3 {
            while g_main_context_iteration(nil, 0) != 0 {}
            usleep(2_000)
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return (Double(seconds) * 1_000 + Double(attoseconds) / 1e15).rounded(toPlaces: 2)
    }

    static func figures(count: Int, edits: Int = 20_000) -> [String: Any] {
        guard gtk_init_check() != 0 else {
            FileHandle.standardError.write(Data("goodsdesk-bench: no display: the collection figures need one (run under xvfb-run)\n".utf8))
            return [:]
        }
        guard let window = gtk_window_new(), let scroller = gtk_scrolled_window_new(), let list = gtk_list_view_new(nil, nil) else { return [:] }
        gtk_scrolled_window_set_child(OpaquePointer(scroller), list)
        gtk_window_set_child(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), scroller)
        gtk_window_set_default_size(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), 400, 600)
        gtk_window_present(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
        settle()

        var random = SeededRandom(seed: 27)
        let rows = (0..<count).map { Row(id: $0, score: Int.random(in: 0..<1_000_000, using: &random)) }
        let source = SourceCache<Int, Row>(key: \.id)
        source.addOrUpdate(contentsOf: rows)
        let heapWithSource = heap_stats_bytes_allocated()

        // The pipeline runs on its own serial queue; its change sets come to the window through a pipe.
        let predicate = MutableProperty<Predicate>({ _ in true })
        let comparator = MutableProperty<Comparator>({ ($0.score, $0.id) < ($1.score, $1.id) })
        let (changes, sink) = Signal<IndexedChangeSet<Row>, Never>.pipe()
        let delivered = Mutex<[IndexedChangeSet<Row>]>([])
        let pipeline = offMain {
            source.connect().sort(by: comparator.producer).filter(where: predicate.producer)
                .startWithValues { set in delivered.withLock { $0.append(set) } }
        }
        let binding = ListBinding(SignalProducer(changes), to: list, rows: hooks)

        // Binding: the first change set (every row, sorted off the main thread) into the list view.
        let first = delivered.withLock { sets in defer { sets.removeAll() }; return sets }
        let bindStart = ContinuousClock.now
        for set in first { sink.send(value: set) }
        settle()
        let bind = ContinuousClock.now - bindStart
        let heapBound = heap_stats_bytes_allocated()
        let bytesPerRow = Double(Int(heapBound) - Int(heapWithSource)) / Double(count)

        // Edits: one at a time through sort → filter → the list, timed whole (on the pipeline's
        // thread and then the window's), and the splices each made.
        let model = gtk_list_view_get_model(OpaquePointer(list)).flatMap { gtk_no_selection_get_model($0) }
        let splices = SpliceCounter()
        let counter = Unmanaged.passUnretained(splices).toOpaque()
        var handler: gulong = 0
        if let model {
            handler = g_signal_connect_data(UnsafeMutableRawPointer(model), "items-changed", unsafeBitCast(countSplice, to: GCallback.self),
                                            counter, nil, GConnectFlags(rawValue: 0))
        }
        let script: [(Int, Int?)] = (0..<edits).map { _ in
            (Int.random(in: 0..<(count + count / 10), using: &random), Int.random(in: 0..<10, using: &random) == 0 ? nil : Int.random(in: 0..<1_000_000, using: &random))
        }
        let editStart = ContinuousClock.now
        for (id, score) in script {
            if let score { source.addOrUpdate(Row(id: id, score: score)) } else { source.remove(id) }
            for set in delivered.withLock({ sets in defer { sets.removeAll() }; return sets }) { sink.send(value: set) }
        }
        let edit = ContinuousClock.now - editStart
        let splicesPerEdit = Double(splices.count.withLock { $0 }) / Double(edits)
        if let model, handler != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(model), handler) }
        settle()

        // A resort: the new order computed off the main thread, then applied on it.
        let resortStart = ContinuousClock.now
        offMain { comparator.value = { ($0.id % 1_000, $0.id) < ($1.id % 1_000, $1.id) } }
        let resort = ContinuousClock.now - resortStart
        let resorted = delivered.withLock { sets in defer { sets.removeAll() }; return sets }
        let applyStart = ContinuousClock.now
        for set in resorted { sink.send(value: set) }
        let resortApply = ContinuousClock.now - applyStart
        settle()

        // Typing in a search box: each keystroke a new predicate over every row.
        var filterTimes: [Double] = []
        for threshold in [900_000, 500_000, 100_000, 50_000, 10_000, 5_000, 1_000, 5_000, 50_000, 500_000, 999_999] {
            let start = ContinuousClock.now
            offMain { predicate.value = { $0.score < threshold } }
            filterTimes.append(milliseconds(ContinuousClock.now - start))
            for set in delivered.withLock({ sets in defer { sets.removeAll() }; return sets }) { sink.send(value: set) }
        }
        filterTimes.sort()
        let p95 = filterTimes[min(filterTimes.count - 1, Int((Double(filterTimes.count) * 0.95).rounded(.up)) - 1)]

        pipeline.dispose()
        binding.dispose()
        gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
        settle()
        let editMicroseconds = milliseconds(edit) * 1_000 / Double(edits)
        return [
            "bind_ms": milliseconds(bind),
            "bytes_per_row": bytesPerRow.rounded(toPlaces: 1),
            "edit_us": editMicroseconds.rounded(toPlaces: 2),
            "splices_per_edit": splicesPerEdit.rounded(toPlaces: 2),
            "resort_ms": milliseconds(resort),
            "resort_apply_ms": milliseconds(resortApply),
            "filter_p95_ms": p95,
        ]
    }
}

/// Counts a model's `items-changed` emissions.
final class SpliceCounter: Sendable {
    let count = Mutex(0)
}

private let countSplice: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, _, _, _, data in
    guard let data else { return }
    Unmanaged<SpliceCounter>.fromOpaque(data).takeUnretainedValue().count.withLock { $0 += 1 }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
