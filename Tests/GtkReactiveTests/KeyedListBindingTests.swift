import CGtk
import GtkReactive
import GtkShim
import GtkTestSupport
import Reactive
import Testing
import ViewModelKit

/// A keyed list binding keeps its place on items, not positions: the selected item through
/// sorts, filters and edits, and the row at the top of the view through a resort.
@MainActor
@Suite("Keyed lists keep selection and place", .serialized, .needsDisplay)
struct KeyedListBindingTests {
    init() throws {
        try startGTK()
    }

    /// Things `t100`…, sorted by number either way, optionally without the odd ones.
    struct Pipeline {
        let source = SourceCache<String, Thing>(key: { $0.title.value })
        let descending = MutableProperty(false)
        let hidesOdd = MutableProperty(false)

        var changes: SignalProducer<IndexedChangeSet<Thing>, Never> {
            let comparators = descending.producer.map { descending in
                { @Sendable (first: Thing, second: Thing) in
                    descending ? Self.number(first) > Self.number(second) : Self.number(first) < Self.number(second)
                }
            }
            let predicates = hidesOdd.producer.map { hides in { @Sendable (thing: Thing) in !hides || Self.number(thing) % 2 == 0 } }
            return source.connect().sort(by: comparators).filter(where: predicates)
        }

        static func number(_ thing: Thing) -> Int { Int(thing.title.value.dropFirst()) ?? 0 }

        /// The titles the list should show, in order.
        var expected: [String] {
            let numbers = source.items.map(Self.number).filter { !hidesOdd.value || $0 % 2 == 0 }.sorted()
            return (descending.value ? numbers.reversed() : numbers).map { "t\($0)" }
        }
    }

    func selectedPosition(_ view: ListWindow) throws -> Int? {
        let selection = try #require(gtk_list_view_get_model(OpaquePointer(view.list)))
        let position = gtk_single_selection_get_selected(selection)
        return position == guint.max ? nil : Int(position)
    }

    @Test func theSelectedItemStaysSelectedThroughSortsFiltersAndEdits() throws {
        let view = ListWindow(height: 400)
        defer { view.close() }
        let pipeline = Pipeline()
        pipeline.source.addOrUpdate(contentsOf: things(100..<300))
        let selected = MutableProperty<String?>(nil)
        let binding = ListBinding(pipeline.changes, to: view.list, rows: labelRows(RowLog()), key: { $0.title.value }, selection: selected)
        defer { binding.dispose() }
        #expect(try selectedPosition(view) == nil, "nothing is selected until asked")

        selected.value = "t151"
        #expect(try selectedPosition(view) == pipeline.expected.firstIndex(of: "t151"))
        pipeline.descending.value = true
        #expect(try selectedPosition(view) == pipeline.expected.firstIndex(of: "t151"), "a resort keeps the item selected, at its new place")
        pipeline.hidesOdd.value = true
        #expect(try selectedPosition(view) == nil, "a filter that hides the item shows nothing selected")
        #expect(selected.value == "t151", "and keeps the key")
        pipeline.hidesOdd.value = false
        #expect(try selectedPosition(view) == pipeline.expected.firstIndex(of: "t151"), "the item is selected again when it comes back")

        // Rows come and go before it: the selection moves with the item.
        pipeline.source.remove("t299")
        pipeline.source.addOrUpdate(contentsOf: things(300..<320))
        #expect(try selectedPosition(view) == pipeline.expected.firstIndex(of: "t151"))

        // The user selects a row: the view model's key follows.
        let selection = try #require(gtk_list_view_get_model(OpaquePointer(view.list)))
        gtk_single_selection_set_selected(selection, 4)
        #expect(selected.value == pipeline.expected[4])
        gtk_single_selection_set_selected(selection, guint.max)
        #expect(selected.value == nil, "unselecting clears the key")
    }

    @Test func aResortKeepsTheTopRowAtTheTop() throws {
        let view = ListWindow(height: 400)
        defer { view.close() }
        let pipeline = Pipeline()
        pipeline.source.addOrUpdate(contentsOf: things(100..<1_100))
        let binding = ListBinding(pipeline.changes, to: view.list, rows: labelRows(RowLog()), key: { $0.title.value }, selection: MutableProperty<String?>(nil))
        defer { binding.dispose() }
        let adjustment = view.adjustment
        #expect(pumpMainLoop { gtk_adjustment_get_upper(adjustment) > 10_000 }, "the list is laid out")
        let rowHeight = gtk_adjustment_get_upper(adjustment) / 1_000
        gtk_adjustment_set_value(adjustment, rowHeight * 300)
        #expect(pumpMainLoop { topRowText(view) == "t400" }, "row 300 is at the top: \(topRowText(view) ?? "none")")

        pipeline.descending.value = true
        #expect(pumpMainLoop { topRowText(view) == "t400" }, "after the resort the same item is at the top: \(topRowText(view) ?? "none")")
        #expect(abs(gtk_adjustment_get_value(adjustment) - rowHeight * Double(pipeline.expected.firstIndex(of: "t400") ?? -1)) < 1)
    }

    /// The text of the row at the top of the scrolled window's view (its label a few pixels
    /// below the top: a list item pads its child).
    func topRowText(_ view: ListWindow) -> String? {
        descendants(of: view.list).filter { widgetName($0) == "row" && gtk_widget_get_mapped($0) != 0 }.first { row in
            var x = 0.0, y = 0.0
            guard gtk_widget_translate_coordinates(row, view.scroller, 0, 0, &x, &y) != 0 else { return false }
            return y >= 0 && y < 8
        }.map { String(cString: gtk_label_get_text(grshim_label($0))) }
    }
}

/// A row's view model, counted while it lives.
@MainActor
final class CountedRowViewModel {
    static var live = 0
    static var made = 0
    let title: String
    init(_ thing: Thing) {
        title = thing.title.value
        Self.live += 1
        Self.made += 1
    }
    isolated deinit { Self.live -= 1 }
}

@MainActor
@Suite("Row view models are made for the rows on screen", .serialized, .needsDisplay)
struct RowViewModelTests {
    init() throws {
        try startGTK()
    }

    @Test func aListOfTenThousandElementsMakesViewModelsOnlyForTheRowsItShows() throws {
        let view = ListWindow(height: 400)
        let hooks = ListRowHooks<LabelRow, Thing>.viewModels(
            CountedRowViewModel.init,
            setup: { LabelRow(log: RowLog()) },
            bind: { row, viewModel, _ in gtk_label_set_text(grshim_label(row.root.raw), viewModel.title) })
        let list = SourceList(things(0..<10_000))
        let before = (live: CountedRowViewModel.live, made: CountedRowViewModel.made)
        let binding = ListBinding(list.connect(), to: view.list, rows: hooks)
        #expect(pumpMainLoop { view.shownTexts.first == "t0" })
        #expect(CountedRowViewModel.live - before.live > 0)
        // GTK 4.8 keeps up to 200 list items (GTK_LIST_VIEW_MAX_LIST_ITEMS), bound or not.
        #expect(CountedRowViewModel.live - before.live <= 210, "only the rows GTK keeps have a view model")

        // Scrolling to the end: the rows that left the screen let theirs go.
        let adjustment = view.adjustment
        #expect(pumpMainLoop {
            // The end moves while GTK measures the rows it had only estimated.
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
            return view.shownTexts.contains("t9999")
        })
        #expect(CountedRowViewModel.live - before.live <= 210)
        #expect(CountedRowViewModel.made - before.made < 1_000, "scrolling made view models for the rows it passed, not for every element")

        binding.dispose()
        view.close()
        #expect(pumpMainLoop { CountedRowViewModel.live == before.live }, "every row's view model goes with the binding")
    }
}
