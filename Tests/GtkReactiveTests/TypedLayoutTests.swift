import CGtk
import GtkReactive
import GtkShim
import GtkTestSupport
import Reactive
import Testing

/// Typed look-ups in a loaded `.ui` file: wrappers of the declared class whose bindings last as
/// long as the layout, and stand-ins (not a crash) for a file that lacks what a screen asks for.
@MainActor
@Suite("Typed layouts", .serialized, .needsDisplay)
struct TypedLayoutTests {
    init() throws {
        try startGTK()
    }

    @Test func aDeclaredWidgetComesAsItsWrapperAndBindsForTheLayoutsLifetime() throws {
        var layout: UILayout? = try UIFile("form.ui", in: .module).load()
        let text = MutableProperty("first")
        // A temporary wrapper: the binding lives as long as the layout, not the wrapper.
        try #require(layout)[Label.self, "title"].reactive.text <~ text
        let title = try #require(try layout?.object(Label.self, id: "title"))
        #expect(title.text == "first")
        text.value = "second"
        #expect(title.text == "second")
        let pointer = title.pointer
        g_object_ref(pointer)
        defer { g_object_unref(pointer) }
        layout = nil
        text.value = "third"
        #expect(String(cString: gtk_label_get_text(grshim_label(pointer))) == "second", "the layout gone, the binding ended")
    }

    @Test func theThrowingLookUpNamesTheFileAndTheId() throws {
        let layout = try UIFile("form.ui", in: .module).load()
        #expect(throws: UIFileError.wrongType(file: "form.ui", id: "title", expected: "GtkButton", found: "GtkLabel")) {
            try layout.object(Button.self, id: "title")
        }
        #expect(throws: UIFileError.missingObject(file: "form.ui", id: "nope", known: layout.ids())) {
            try layout.object(Label.self, id: "nope")
        }
        _ = try layout.object(Entry.self, id: "phone")
        _ = try layout.object(PictureStrip.self, id: "strip")
    }

    @Test func aMissingOrMistypedWidgetGivesAStandInOfTheRightType() throws {
        let layout = try UIFile("form.ui", in: .module).load()
        let missing = layout[Button.self, "nope"]
        #expect(Button.isInstance(missing.pointer))
        #expect(gtk_widget_get_parent(missing.pointer) == nil)
        let mistyped = layout[Entry.self, "title"]
        #expect(gtk_widget_get_type() != 0 && Entry.isInstance(mistyped.pointer), "an entry in place of the label")
        // Bindings on a stand-in work and end with the layout, like any other.
        let enabled = MutableProperty(false)
        missing.reactive.isSensitive <~ enabled
        #expect(!missing.isSensitive)
    }

    @Test func aFileThatDoesNotLoadGivesAnEmptyLayoutThatSaysWhy() {
        let broken = UILayout.loading("broken.ui", in: .module)
        guard case .invalid(file: "broken.ui", message: _)? = broken.error else {
            Issue.record("expected the GtkBuilder error, got \(String(describing: broken.error))")
            return
        }
        #expect(broken.ids().isEmpty)
        let label = broken[Label.self, "title"]
        #expect(Label.isInstance(label.pointer))
        let missing = UILayout.loading("nowhere.ui", in: .module)
        #expect(missing.error == .notFound(file: "nowhere.ui", resource: UIResourceBundle.module.path("nowhere.ui")))
        let good = UILayout.loading("form.ui", in: .module)
        #expect(good.error == nil)
        #expect(good.ids().contains("login"))
    }
}
