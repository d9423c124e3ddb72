import CGtk
import GtkReactive
import GtkTestSupport
import Reactive
import Testing

/// What a dialog built from a layout needs beyond the basic wrappers: list rows that are their
/// own layout's root, and a parent window set in code.
@MainActor
@Suite("Dialog widgets", .serialized, .needsDisplay)
struct DialogWidgetTests {
    init() throws {
        try startGTK()
    }

    @Test func aListBoxRowIsAddedAsItIsAndKnowsItsIndex() {
        #expect(String(cString: g_type_name(ListBoxRow.gtkType)) == "GtkListBoxRow")
        let list = ListBox()
        let first = ListBoxRow(), second = ListBoxRow()
        #expect(first.index == nil, "in no list yet")
        list.append(first)
        list.append(second)
        #expect(gtk_widget_get_parent(second.pointer) == list.pointer, "no row wrapped around a row")
        #expect(first.index == 0 && second.index == 1)
        #expect(ListBoxRow.cast(Label("x").pointer) == nil)
    }

    @Test func aWindowStaysAboveTheOneItIsTransientFor() {
        let parent = Window(title: "GoodsDesk")
        let dialog = Window(title: "插件")
        #expect(dialog.transientFor == nil)
        dialog.transientFor = parent
        #expect(dialog.transientFor?.pointer == parent.pointer)
        dialog.transientFor = nil
        #expect(dialog.transientFor == nil)
        dialog.destroy()
        parent.destroy()
    }
}
