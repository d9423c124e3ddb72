import CGtk
import GtkReactive
import GtkShim
import GtkTestSupport
import Reactive
import Testing

/// The search's widgets: `SearchEntry` (its text and stop-search) and a label's highlighted
/// ranges (Pango attributes over UTF-8 byte ranges, the text left as it is).
@MainActor
@Suite("Search widgets", .serialized, .needsDisplay)
struct SearchWidgetTests {
    init() throws {
        try startGTK()
    }

    @Test func aLabelHighlightsByteRangesAndClearsThem() {
        let label = Label("罗技移动电源，九成新")
        label.setHighlights([0..<6, 21..<27])
        #expect(label.highlightedRanges == [0..<6, 21..<27], "罗技 and 九成 (3 bytes a character)")
        #expect(label.text == "罗技移动电源，九成新", "the text stays plain")
        label.setHighlights([24..<999, -5..<0])
        #expect(label.highlightedRanges == [24..<30], "clipped to the text; an empty range dropped")
        label.setHighlights([])
        #expect(label.highlightedRanges.isEmpty)
    }

    @Test func aSearchEntryIsAnEntryAndReportsStopSearch() {
        let entry = SearchEntry()
        #expect(SearchEntry.isInstance(entry.pointer))
        #expect(Entry.isInstance(entry.pointer))
        #expect(String(cString: g_type_name(SearchEntry.gtkType)) == "GtkSearchEntry")
        let query = MutableProperty("")
        query <~ entry.reactive.text
        entry.text = "罗技"
        #expect(query.value == "罗技")
        let stops = MutableProperty(0)
        let disposable = entry.reactive.stopSearch.startWithValues { _ in stops.modify { $0 += 1 } }
        grshim_emit(entry.pointer, "stop-search")
        #expect(stops.value == 1)
        disposable.dispose()
    }
}
