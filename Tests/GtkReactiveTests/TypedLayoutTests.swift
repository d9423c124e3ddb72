import CGtk
import GtkReactive
import GtkShim
import GtkTestSupport
import Reactive
import Testing

/// The typed layouts layout-codegen writes from this target's fixtures (`form.ui` → `FormLayout`):
/// outlets of the declared class whose bindings last as long as the layout, names made from the
/// ids, and stand-ins (not a crash) for a file that does not load at run time. That a renamed id
/// fails the build is LayoutCodegenTests'.
@MainActor
@Suite("Typed layouts", .serialized, .needsDisplay)
struct TypedLayoutTests {
    init() throws {
        try startGTK()
    }

    @Test func eachOutletIsTheFilesObjectAsItsClassesWrapper() throws {
        let layout = FormLayout()
        #expect(layout.uiLayout.error == nil)
        // The outlets' static types are the check; these say they are the file's own widgets.
        let page: GtkReactive.Box = layout.page, title: Label = layout.title, phone: Entry = layout.phone
        let strip: PictureStrip = layout.strip, login: Button = layout.login
        #expect(page.pointer == (try layout.uiLayout.widget(id: "page")))
        #expect(title.text == "Sign in")
        #expect(login.pointer == (try layout.uiLayout.widget(id: "login")))
        #expect(phone.pointer == (try layout.uiLayout.widget(id: "phone")))
        #expect(gtk_widget_get_first_child(strip.pointer) == layout.first.pointer)
        #expect(layout.page === layout.page, "an outlet is made once")
    }

    @Test func aBindingThroughAnOutletLastsForTheLayoutsLifetime() throws {
        var layout: FormLayout? = FormLayout()
        let text = MutableProperty("first")
        try #require(layout).title.reactive.text <~ text
        let title = try #require(layout?.title)
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

    @Test func eachInstanceIsAFreshCopyOfTheFile() throws {
        let first = try FormLayout.load()
        let second = FormLayout()
        #expect(first.page.pointer != second.page.pointer)
    }

    @Test func idsBecomeCamelCasePropertiesAndClassesTheirNearestWrapper() {
        let layout = NamesLayout()
        let start: GtkReactive.Box = layout.headerStart
        let label: Label = layout.loginLabel
        let toggle: ToggleButton = layout.default
        let area: Widget = layout.area
        let query: SearchEntry = layout.query
        #expect(label.text == "Log in")
        #expect(gtk_widget_get_parent(label.pointer) == start.pointer)
        #expect(ToggleButton.isInstance(toggle.pointer) && SearchEntry.isInstance(query.pointer))
        #expect(String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(area.pointer).assumingMemoryBound(to: GTypeInstance.self))) == "GtkOverlay",
                "a class with no wrapper of its own is a Widget")
        let menu: Menu = layout.mainMenu, section: Menu = layout.screenItems
        #expect(menu.count == 1 && menu.section(at: 0) != nil)
        #expect(section.labels == ["One"])
    }

    @Test func aFileThatDoesNotLoadGivesStandInsOfTheRightTypesAndSaysWhy() {
        let broken = BrokenLayout()
        guard case .invalid(file: "broken.ui", message: _)? = broken.uiLayout.error else {
            Issue.record("expected the GtkBuilder error, got \(String(describing: broken.uiLayout.error))")
            return
        }
        #expect(Label.isInstance(broken.title.pointer))
        #expect(gtk_widget_get_parent(broken.title.pointer) == nil, "a new, unparented stand-in")
        #expect(Window.isInstance(broken.window.pointer))
        // Bindings on a stand-in work and end with the layout, like any other.
        let enabled = MutableProperty(false)
        broken.title.reactive.isSensitive <~ enabled
        #expect(!broken.title.isSensitive)
        #expect(throws: UIFileError.self) { try BrokenLayout.load() }
    }

    @Test func theLookUpUnderTheOutletsNamesTheFileAndTheId() throws {
        let layout = try UIFile("form.ui", in: .module).load()
        #expect(throws: UIFileError.wrongType(file: "form.ui", id: "title", expected: "GtkButton", found: "GtkLabel")) {
            try layout.object(Button.self, id: "title")
        }
        #expect(throws: UIFileError.missingObject(file: "form.ui", id: "nope", known: layout.ids())) {
            try layout.object(Label.self, id: "nope")
        }
        // What a generated outlet gets when the file changed under it: a stand-in of its type.
        let missing = layout.outlet(Button.self, id: "nope")
        #expect(Button.isInstance(missing.pointer))
        #expect(gtk_widget_get_parent(missing.pointer) == nil)
        let mistyped = layout.outlet(Entry.self, id: "title")
        #expect(Entry.isInstance(mistyped.pointer), "an entry in place of the label")
        let noMenu = layout.menuOutlet(id: "page")
        #expect(noMenu.count == 0, "not a menu: an empty one")
    }
}
