import CGtk
import Foundation
import GtkReactive
import GtkShim
import GtkTestSupport
import Reactive
import Synchronization
import Testing
import ViewModelKit

/// An element whose title can change while a row shows it.
final class Thing: Sendable {
    let title: MutableProperty<String>
    init(_ title: String) { self.title = MutableProperty(title) }
}

/// What the test rows went through.
@MainActor
final class RowLog {
    var setups = 0, binds = 0, placeholders = 0, unbinds = 0, teardowns = 0
    var liveRows = 0
    /// Binds of a row whose previous element still had an observer: bindings that outlived it.
    var staleBindings = 0
    /// The elements each row has shown, by row.
    var history: [ObjectIdentifier: [Thing]] = [:]
    var openScopes = 0
    /// Weak references to every row's widget.
    var roots: [UnsafeMutablePointer<GWeakRef>] = []
    /// How many of the rows' widgets still exist.
    var liveWidgets: Int {
        roots.filter { ref in
            guard let widget = g_weak_ref_get(ref) else { return false }
            g_object_unref(widget)
            return true
        }.count
    }
    isolated deinit {
        for ref in roots {
            g_weak_ref_clear(ref)
            ref.deinitialize(count: 1)
            ref.deallocate()
        }
    }
}

/// A row: one label, named "row" so the tests find it; it counts itself.
@MainActor
final class LabelRow: ListRowView {
    let root: Widget
    var shown: Thing?
    private let log: RowLog
    init(log: RowLog) {
        self.log = log
        root = Widget(gtk_label_new(""))
        gtk_widget_set_name(root.pointer, "row")
        gtk_widget_set_size_request(root.pointer, -1, 24)
        log.liveRows += 1
    }
    isolated deinit { log.liveRows -= 1 }
    var text: String { String(cString: gtk_label_get_text(grshim_label(root.raw))) }
}

/// Hooks that bind a row's label to its element's title, with a plain observation (not a slot
/// that a second binding would replace), so only the row scope can end it.
@MainActor
func labelRows(_ log: RowLog) -> ListRowHooks<LabelRow, Thing> {
    ListRowHooks(
        setup: {
            log.setups += 1
            let row = LabelRow(log: log)
            let ref = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)
            ref.initialize(to: GWeakRef())
            g_weak_ref_init(ref, row.root.raw)
            log.roots.append(ref)
            return row
        },
        bind: { row, thing, scope in
            log.binds += 1
            if let previous = row.shown, previous.title.observerCount > 0 { log.staleBindings += 1 }
            row.shown = thing
            log.history[ObjectIdentifier(row), default: []].append(thing)
            log.openScopes += 1
            scope.observeEnded { MainActor.assumeIsolated { log.openScopes -= 1 } }
            let label = WidgetPointer(row.root.pointer)
            thing.title.producer.take(during: scope).startWithValues { text in
                MainActor.assumeIsolated { gtk_label_set_text(grshim_label(label.pointer), text) }
            }
        },
        placeholder: { row, _ in
            log.placeholders += 1
            row.shown = nil
            gtk_label_set_text(grshim_label(row.root.raw), "…")
        },
        unbind: { _ in log.unbinds += 1 },
        teardown: { _ in log.teardowns += 1 }
    )
}

/// A window showing a list view in a scrolled window.
@MainActor
struct ListWindow {
    let window: Widget
    let scroller: UnsafeMutablePointer<GtkWidget>
    let list: UnsafeMutablePointer<GtkWidget>

    init(height: Int32) {
        window = Widget(toplevel: gtk_window_new())
        gtk_window_set_default_size(grshim_window(window.raw), 300, height)
        scroller = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        list = gtk_list_view_new(nil, nil)
        gtk_scrolled_window_set_child(OpaquePointer(scroller), list)
        gtk_window_set_child(grshim_window(window.raw), scroller)
        gtk_window_present(grshim_window(window.raw))
    }

    var adjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller))
    }

    /// The count model under the list view's selection.
    var countModel: OpaquePointer? {
        gtk_list_view_get_model(OpaquePointer(list)).flatMap { gtk_no_selection_get_model($0) }
    }

    /// The texts of the rows on screen, top to bottom.
    var shownTexts: [String] {
        descendants(of: list).filter { widgetName($0) == "row" && gtk_widget_get_mapped($0) != 0 }
            .map { String(cString: gtk_label_get_text(grshim_label($0))) }
    }

    func close() { gtk_window_destroy(grshim_window(window.raw)) }
}

private let logSplice: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, position, removed, added, data in
    guard let data else { return }
    Unmanaged<SpliceRecord>.fromOpaque(data).takeUnretainedValue().splices.withLock { $0.append([Int(position), Int(removed), Int(added)]) }
}

/// The `items-changed` a model announces.
final class SpliceRecord: Sendable {
    let splices = Mutex<[[Int]]>([])
    var all: [[Int]] { splices.withLock { $0 } }

    @discardableResult
    func watch(_ model: OpaquePointer) -> gulong {
        g_signal_connect_data(UnsafeMutableRawPointer(model), "items-changed", unsafeBitCast(logSplice, to: GCallback.self),
                              Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
    }
}

func things(_ range: Range<Int>) -> [Thing] { range.map { Thing("t\($0)") } }

/// `items` shown from scratch: one reset.
func showing(_ items: [Thing]) -> IndexedChangeSet<Thing> {
    IndexedChangeSet([.reset(CountedTree(items))], count: items.count)
}

@MainActor
@Suite("Typed lists under a display", .serialized, .needsDisplay)
struct ListBindingTests {
    init() throws {
        try startGTK()
    }

    @Test func theCountModelAnnouncesExactlyTheSplicesAskedFor() throws {
        let model = try #require(grshim_count_model_new())
        defer { g_object_unref(UnsafeMutableRawPointer(model)) }
        let record = SpliceRecord()
        record.watch(model)
        grshim_count_model_splice(model, 0, 0, 20)
        grshim_count_model_splice(model, 20, 0, 20)
        grshim_count_model_splice(model, 40, 0, 5)
        grshim_count_model_splice(model, 0, 45, 20)
        grshim_count_model_splice(model, 7, 3, 3)
        #expect(record.all == [[0, 0, 20], [20, 0, 20], [40, 0, 5], [0, 45, 20], [7, 3, 3]])
        #expect(g_list_model_get_n_items(model) == 20)
        #expect(g_list_model_get_item_type(model) == grshim_count_model_item_get_type())
        let first = try #require(g_list_model_get_item(model, 4))
        let second = try #require(g_list_model_get_item(model, 4))
        #expect(first != second, "a fresh item each time")
        #expect(grshim_count_model_item_get_position(OpaquePointer(first)) == 4)
        g_object_unref(first)
        g_object_unref(second)
        #expect(g_list_model_get_item(model, 20) == nil, "nothing past the end")
    }

    @Test func pagesReachTheListModelAsOneSpliceEach() throws {
        let view = ListWindow(height: 400)
        defer { view.close() }
        let log = RowLog()
        let list = SourceList<Thing>()
        let binding = ListBinding(list.connect(), to: view.list, rows: labelRows(log))
        defer { binding.dispose() }
        let record = SpliceRecord()
        record.watch(try #require(view.countModel))
        list.replaceAll(with: things(0..<20))
        list.append(contentsOf: things(20..<40))
        list.append(contentsOf: things(40..<45))
        #expect(record.all == [[0, 0, 20], [20, 0, 20], [40, 0, 5]], "each page adds its rows after the others, in one splice")
        list.replaceAll(with: things(100..<120))
        #expect(record.all.last == [0, 45, 20], "a refresh replaces every row")
        list.replaceAll(with: things(200..<220))
        #expect(record.all.count == 4, "a reset to as many rows splices nothing: the bound rows show their new elements")
        #expect(pumpMainLoop { view.shownTexts.first == "t200" })
        #expect(view.shownTexts.allSatisfy { $0.hasPrefix("t2") })
    }

    /// A splice in the middle rebinds only what it names: the rows after it moved with their
    /// elements, and a row's binding follows its element, not a position.
    @Test func aMidListSpliceKeepsEveryOtherRowOnItsOwnElement() throws {
        let view = ListWindow(height: 600)
        defer { view.close() }
        let log = RowLog()
        let list = SourceList(things(0..<10))
        let binding = ListBinding(list.connect(), to: view.list, rows: labelRows(log))
        defer { binding.dispose() }
        let record = SpliceRecord()
        record.watch(try #require(view.countModel))
        func expected() -> [String] { list.items.map { $0.title.value } }
        #expect(pumpMainLoop { view.shownTexts.count == 10 })
        #expect(view.shownTexts == expected())

        let before = Array(list.items)
        let bindsBefore = log.binds
        list.edit { editor in for (offset, thing) in things(50..<52).enumerated() { editor.insert(thing, at: 3 + offset) } }
        #expect(record.all == [[3, 0, 2]])
        #expect(pumpMainLoop { view.shownTexts.count == 12 })
        #expect(view.shownTexts == expected(), "t0 t1 t2 t50 t51 t3 … t9")
        print("a mid-list insert of 2 rows bound \(log.binds - bindsBefore) rows")
        // The row showing t5 (position 5 before, 7 now) still follows t5.
        before[5].title.value = "t5 renamed"
        #expect(view.shownTexts[7] == "t5 renamed")
        #expect(view.shownTexts.filter { $0.contains("renamed") }.count == 1)

        list.edit { editor in for _ in 6..<9 { editor.remove(at: 6) } }
        #expect(record.all == [[3, 0, 2], [6, 3, 0]], "three removals at one place are one splice")
        #expect(pumpMainLoop { view.shownTexts.count == 9 })
        #expect(view.shownTexts == expected(), "t0 t1 t2 t50 t51 t3 t7 t8 t9")
        before[8].title.value = "t8 renamed"
        #expect(view.shownTexts[7] == "t8 renamed")
        #expect(before[4].title.observerCount == 0 && before[5].title.observerCount == 0, "removed rows' bindings ended")
        #expect(log.staleBindings == 0)
    }

    /// Seed pitfall 5: scrolling reuses rows for other elements; by the time a row shows its next
    /// element, every binding made for the one before has ended.
    @Test func aReusedRowKeepsNoBindingOfItsPreviousElement() throws {
        let view = ListWindow(height: 200)
        defer { view.close() }
        let log = RowLog()
        let all = things(0..<400)
        let binding = ListBinding(SignalProducer(value: showing(all)), to: view.list, rows: labelRows(log))
        defer { binding.dispose() }
        #expect(pumpMainLoop { view.shownTexts.first == "t0" })
        let adjustment = view.adjustment
        for step in 1...8 {
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment) * Double(step) / 8)
            pumpMainLoop(for: .milliseconds(50))
        }
        #expect(pumpMainLoop { !view.shownTexts.isEmpty && !view.shownTexts.contains("t0") })
        let reused = log.history.values.filter { Set($0.map(ObjectIdentifier.init)).count > 1 }
        print("scrolling: \(log.setups) rows set up for \(log.binds) binds; \(reused.count) rows showed more than one element")
        try #require(!reused.isEmpty, "GTK reused rows for other elements")
        #expect(log.staleBindings == 0, "no row was bound while its previous element still had a binding")
        let shown = Set(view.shownTexts)
        for thing in all where !shown.contains(thing.title.value) && thing.title.observerCount > 0 {
            // Bound rows outside the viewport (GTK keeps some) may still observe; they are rows that show it now.
            #expect(log.history.values.contains { $0.last === thing }, "\(thing.title.value) is observed by no row that shows it")
        }
        for previous in reused.flatMap({ $0.dropLast() }) where !reused.contains(where: { $0.last === previous }) {
            previous.title.value = "stale"
        }
        pumpMainLoop(for: .milliseconds(150))
        #expect(!view.shownTexts.contains("stale"), "an element a reused row showed before does not reach it")
        #expect(log.openScopes == log.binds + log.placeholders - log.unbinds)
    }

    /// Binding and unbinding 1,000 times leaves nothing behind: every scope ended, every row
    /// made is torn down and freed with its widgets, no element keeps an observer.
    @Test func aThousandRebindsLeaveNothingBehind() throws {
        let view = ListWindow(height: 400)
        let log = RowLog()
        let items = things(0..<10)
        let content = MutableProperty(showing(items))
        var binding: ListBinding<Thing, LabelRow>? = ListBinding(content.producer, to: view.list, rows: labelRows(log))
        #expect(pumpMainLoop { view.shownTexts.count == 10 })
        let factory = try #require(gtk_list_view_get_factory(OpaquePointer(view.list)))
        let handlers = handlerCount(UnsafeMutableRawPointer(factory), "bind")
        while log.binds < 1_000 {
            content.value = IndexedChangeSet(items.enumerated().map { .update($1, previous: $1, at: $0) }, count: items.count)
            _ = pumpMainLoop { view.shownTexts.count == 10 }
        }
        #expect(view.shownTexts == items.map { $0.title.value })
        #expect(log.openScopes == 10, "one scope per row shown, \(log.binds) binds later")
        #expect(log.liveRows == log.setups - log.teardowns, "a torn-down row is freed")
        #expect(log.liveRows <= 20, "\(log.liveRows) rows alive for 10 shown")
        #expect(items.allSatisfy { $0.title.observerCount == 1 }, "one observer per element: its row's")
        #expect(handlers == 1)
        #expect(handlerCount(UnsafeMutableRawPointer(factory), "bind") == handlers)
        #expect(log.liveWidgets == log.liveRows, "the widgets of torn-down rows are freed")
        print("1,000 rebinds: \(log.setups) rows set up, \(log.teardowns) torn down, \(log.liveRows) alive")

        // Disposing tears every row down and frees it; the list view is left empty.
        binding?.dispose()
        #expect(log.teardowns == log.setups)
        #expect(log.unbinds == log.binds + log.placeholders)
        #expect(log.openScopes == 0)
        #expect(items.allSatisfy { $0.title.observerCount == 0 })
        #expect(content.observerCount == 0, "the update stream's observation ended")
        #expect(gtk_list_view_get_model(OpaquePointer(view.list)) == nil)
        binding = nil
        #expect(log.liveRows == 0)
        #expect(log.liveWidgets == 0, "no row widget outlives the binding")
        view.close()
    }

    /// Without a disposal, the binding ends with its list view: rows torn down, updates no longer
    /// observed.
    @Test func theBindingEndsWithItsListView() throws {
        let log = RowLog()
        let content = MutableProperty(showing(things(0..<5)))
        weak var weakBinding: ListBinding<Thing, LabelRow>?
        do {
            let view = ListWindow(height: 400)
            let binding = ListBinding(content.producer, to: view.list, rows: labelRows(log))
            weakBinding = binding
            #expect(pumpMainLoop { view.shownTexts.count == 5 })
            view.close()
        }
        _ = pumpMainLoop { weakBinding == nil }
        #expect(weakBinding == nil, "nothing keeps the binding once the list view is gone")
        #expect(log.setups > 0 && log.teardowns == log.setups)
        #expect(log.openScopes == 0)
        #expect(content.observerCount == 0)
        #expect(log.liveRows == 0)
    }

    @Test func aPointerThatIsNoListViewMakesAnEndedBinding() {
        let label = Widget(gtk_label_new(""))
        let log = RowLog()
        let binding = ListBinding(SignalProducer(value: showing(things(0..<3))), to: label.pointer, rows: labelRows(log))
        #expect(binding.isDisposed)
        #expect(log.setups == 0)
    }

    @Test func activationsConnectWhileObservedAndCarryThePosition() throws {
        let view = ListWindow(height: 300)
        defer { view.close() }
        let log = RowLog()
        let binding = ListBinding(SignalProducer(value: showing(things(0..<100_000))),
                                  to: view.list, rows: labelRows(log))
        defer { binding.dispose() }
        let activate = { handlerCount(UnsafeMutableRawPointer(view.list), "activate") }
        let positions = ListEvents.activations(of: view.list)
        #expect(activate() == 0, "making the producer connects nothing")
        let seen = Box<[Int]>([])
        let observation = positions.startWithValues { seen.value.append($0) }
        #expect(activate() == 1)
        for position: UInt32 in [7, 0, 70_000, 99_999] {
            gtk_widget_activate_action_variant(view.list, "list.activate-item", g_variant_new_uint32(position))
        }
        #expect(seen.value == [7, 0, 70_000, 99_999], "positions past 16 bits arrive whole")
        observation.dispose()
        #expect(activate() == 0, "disconnected when the observation ended")
        gtk_widget_activate_action_variant(view.list, "list.activate-item", g_variant_new_uint32(3))
        #expect(seen.value.count == 4)
    }

    /// The event producers hold their widgets weakly and complete when the widgets go.
    @Test func listEventsCompleteWhenTheirWidgetsGo() {
        let completed = Box<[String]>([])
        var observations: [any Disposable] = []
        do {
            let view = ListWindow(height: 200)
            observations.append(ListEvents.activations(of: view.list).startWithCompleted { completed.value.append("activations") })
            observations.append(ListEvents.nearEnd(of: view.scroller).startWithCompleted { completed.value.append("nearEnd") })
            #expect(completed.value.isEmpty)
            view.close()
        }
        _ = pumpMainLoop { completed.value.count == 2 }
        #expect(Set(completed.value) == ["activations", "nearEnd"])
        let label = Widget(gtk_label_new(""))
        let ended = Box(false)
        ListEvents.activations(of: label.pointer).startWithCompleted { ended.value = true }
        #expect(ended.value, "a widget that is no list view: completes at once")
        withExtendedLifetime(observations) {}
    }

    @Test func nearEndFollowsScrollingAndContentAfterAllocation() throws {
        let view = ListWindow(height: 240)
        defer { view.close() }
        let log = RowLog()
        let content = MutableProperty(showing(things(0..<200)))
        let binding = ListBinding(content.producer, to: view.list, rows: labelRows(log))
        defer { binding.dispose() }
        let adjustment = view.adjustment
        #expect(pumpMainLoop { gtk_adjustment_get_upper(adjustment) > gtk_adjustment_get_page_size(adjustment) * 4 })
        let states = Box<[Bool]>([])
        let observation = ListEvents.nearEnd(of: view.scroller, withinPages: 1).startWithValues { states.value.append($0) }
        defer { observation.dispose() }
        #expect(states.value == [false], "the current state first: at the top of a long list")

        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
        #expect(states.value == [false], "worked out on the main loop, not inside the change")
        #expect(pumpMainLoop { states.value == [false, true] })
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) - 10)
        pumpMainLoop(for: .milliseconds(150))
        #expect(states.value == [false, true], "still near the end: nothing new")

        gtk_adjustment_set_value(adjustment, 0)
        #expect(pumpMainLoop { states.value == [false, true, false] })

        // The content shrinks to less than a screen: near the end without any scrolling.
        content.value = showing(things(0..<3))
        #expect(pumpMainLoop { states.value == [false, true, false, true] })
        // And grows again: the view is at the top of a long list.
        content.value = showing(things(0..<300))
        #expect(pumpMainLoop { states.value == [false, true, false, true, false] })
        let connected = handlerCount(UnsafeMutableRawPointer(adjustment), "value-changed")
        observation.dispose()
        #expect(handlerCount(UnsafeMutableRawPointer(adjustment), "value-changed") == connected - 1)
    }
}

/// An ordered collection's change sets in a real list view: after random edits through a
/// source cache, filter, sort and page, the model counts the expected rows and the rows on
/// screen show the expected items, with one splice per change (two for a move).
@MainActor
@Suite("Change sets in a list view", .serialized, .needsDisplay)
struct ChangeSetListBindingTests {
    init() throws {
        try startGTK()
    }

    /// With the keyed filter before the sort, and the positional one after it.
    @Test(arguments: [false, true])
    func randomEditsEndWithTheModelAndTheRowsAtTheRecomputedList(filtersAfterSort: Bool) async throws {
        let view = ListWindow(height: 400)
        defer { view.close() }
        let log = RowLog()
        let source = SourceCache<String, Thing>(key: { $0.title.value })
        let hidesOdd = MutableProperty(false)
        let predicates = hidesOdd.producer.map { hides in { @Sendable (thing: Thing) in !hides || (Int(thing.title.value.dropFirst()) ?? 0) % 2 == 0 } }
        let byTitle: @Sendable (Thing, Thing) -> Bool = { $0.title.value < $1.title.value }
        let binding = ListBinding(
            filtersAfterSort
                ? source.connect().sort(by: byTitle).filter(where: predicates)
                : source.connect().filter(where: predicates).sort(by: byTitle),
            to: view.list, rows: labelRows(log))
        defer { binding.dispose() }
        let model = try #require(view.countModel)
        let record = SpliceRecord()
        record.watch(model)
        var random = SystemRandomNumberGenerator()
        var titles: Set<String> = []
        for step in 0..<300 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let title = "t\(Int.random(in: 100..<400, using: &random))"
                titles.insert(title)
                source.addOrUpdate(Thing(title))
            case 5..<8:
                guard let title = titles.randomElement(using: &random) else { continue }
                titles.remove(title)
                source.remove(title)
            case 8:
                hidesOdd.value.toggle()
            default:
                let batch = (0..<80).map { _ in "t\(Int.random(in: 100..<400, using: &random))" }
                titles.formUnion(batch)
                source.addOrUpdate(contentsOf: batch.map(Thing.init))
            }
            let expected = titles.filter { !hidesOdd.value || (Int($0.dropFirst()) ?? 0) % 2 == 0 }.sorted()
            try #require(Int(g_list_model_get_n_items(model)) == expected.count, "step \(step)")
            if step % 25 == 0 {
                _ = await pumpMainLoopYielding(timeout: .milliseconds(200)) { false }
                let shown = view.shownTexts
                #expect(!shown.isEmpty || expected.isEmpty, "step \(step): rows on screen")
                // The view keeps its place as rows come and go above it: what it shows is a run of the list.
                let start = shown.first.flatMap { expected.firstIndex(of: $0) } ?? 0
                #expect(Array(expected.dropFirst(start).prefix(shown.count)) == shown, "step \(step): the rows on screen are a run of the list")
            }
        }
        #expect(log.staleBindings == 0, "no row kept an element it no longer shows")
        let single = record.all.filter { $0[1] + $0[2] <= 2 }.count
        #expect(single > record.all.count / 2, "most changes were single-row splices: \(record.all.prefix(20))")
    }
}
