import CGtk
import Foundation
import GtkReactive
import GtkShim
import GtkTestSupport
import Reactive
import Testing

/// The `.ui` loader over this target's own fixture resource (GtkReactiveTests.gresource.xml,
/// embedded by the EmbedGResource plugin): lookup by id and type, each error's text, and what
/// a layout's release ends.
@MainActor
@Suite("UI files", .serialized, .needsDisplay)
struct UILayoutTests {
    init() throws {
        try startGTK()
    }

    func load(_ name: String) throws(UIFileError) -> UILayout { try UIFile(name, in: .module).load() }

    func openWindows() -> UInt32 { g_list_model_get_n_items(gtk_window_get_toplevels()) }

    @Test func theBundleListsItsFiles() {
        #expect(UIResourceBundle.module.prefix == "/io/github/goodsdesk/GtkReactiveTests/ui")
        #expect(UIResourceBundle.module.files() == ["broken.ui", "dialog.ui", "form.ui", "names.ui"])
        #expect(UIResourceBundle(registeredAt: "/io/github/goodsdesk/GtkReactiveTests/ui/").files().count == 4,
                "a bundle registered elsewhere is found by its prefix")
        #expect(UIResourceBundle.module.path("form.ui") == "/io/github/goodsdesk/GtkReactiveTests/ui/form.ui")
    }

    @Test func objectsAreFoundByIdAndType() throws {
        let layout = try load("form.ui")
        #expect(layout.file == "form.ui")
        #expect(layout.ids() == ["choices", "first", "login", "page", "phone", "second", "strip", "title"],
                "every declared id, and none of the builder's generated ones")
        let login = try layout.widget(id: "login", type: gtk_button_get_type())
        #expect(String(cString: gtk_button_get_label(grshim_button(login))) == "Log in")
        let title = try layout.widget(id: "title")
        #expect(String(cString: gtk_label_get_text(grshim_label(title))) == "Sign in")
        let page = try layout.widget(id: "page", type: gtk_box_get_type())
        #expect(gtk_widget_get_parent(title) == page)
        _ = try layout.object(id: "choices", type: gtk_string_list_get_type())
        _ = try layout.object(id: "phone", type: gtk_widget_get_type()) // a supertype matches too
    }

    @Test func eachLoadIsAFreshInstance() throws {
        let first = try load("form.ui")
        let second = try load("form.ui")
        #expect(try first.widget(id: "page") != second.widget(id: "page"))
    }

    @Test func aPictureStripTakesItsChildrenAndSpacingFromTheFile() throws {
        let layout = try load("form.ui")
        let strip = try layout.widget(id: "strip", type: grshim_picture_strip_get_type())
        #expect(gtk_widget_get_first_child(strip) == (try layout.widget(id: "first")))
        #expect(gtk_widget_get_last_child(strip) == (try layout.widget(id: "second")))
        var spacing = GValue()
        g_value_init(&spacing, GType(6 << G_TYPE_FUNDAMENTAL_SHIFT)) // G_TYPE_INT
        g_object_get_property(UnsafeMutableRawPointer(strip).assumingMemoryBound(to: GObject.self), "spacing", &spacing)
        #expect(g_value_get_int(&spacing) == 6)
        g_value_unset(&spacing)
    }

    @Test func aMissingFileNamesTheResourcePath() {
        #expect(throws: UIFileError.notFound(file: "nope.ui", resource: "/io/github/goodsdesk/GtkReactiveTests/ui/nope.ui")) {
            try load("nope.ui")
        }
        let error = UIFileError.notFound(file: "nope.ui", resource: "/io/github/goodsdesk/GtkReactiveTests/ui/nope.ui")
        #expect(error.description == "nope.ui: no resource /io/github/goodsdesk/GtkReactiveTests/ui/nope.ui")
    }

    @Test func aFileGtkBuilderRefusesGivesItsErrorWithLineAndColumn() throws {
        let before = openWindows()
        let error = try #require(throws: UIFileError.self) { try load("broken.ui") }
        guard case let .invalid(file, message) = error else {
            Issue.record("expected .invalid, got \(error)")
            return
        }
        #expect(file == "broken.ui")
        #expect(message.hasPrefix("7:"), "the line of the bad property first: \(message)")
        #expect(message.contains("colour"), "what is wrong: \(message)")
        #expect(error.description.hasPrefix("broken.ui:7:"), "file:line:column, as compilers write it: \(error)")
        #expect(UIFileError.invalid(file: "a.ui", message: "no location").description == "a.ui: no location")
        #expect(openWindows() == before, "the window built before the error is destroyed")
    }

    @Test func aMissingIdListsTheKnownOnes() throws {
        let layout = try load("form.ui")
        let error = try #require(throws: UIFileError.self) { try layout.widget(id: "logn") }
        #expect(error == .missingObject(file: "form.ui", id: "logn", known: layout.ids()))
        #expect(error.description == "form.ui: no object with id \"logn\" (ids: choices, first, login, page, phone, second, strip, title)")
    }

    @Test func aWrongTypeNamesBothTypes() throws {
        let layout = try load("form.ui")
        let error = try #require(throws: UIFileError.self) { try layout.widget(id: "title", type: gtk_button_get_type()) }
        #expect(error == .wrongType(file: "form.ui", id: "title", expected: "GtkButton", found: "GtkLabel"))
        #expect(error.description == "form.ui: object \"title\" is a GtkLabel, not a GtkButton")
        #expect(throws: UIFileError.wrongType(file: "form.ui", id: "choices", expected: "GtkWidget", found: "GtkStringList")) {
            try layout.widget(id: "choices")
        }
    }

    @Test func releasingTheLayoutEndsItsLifetimeAndDropsItsObjects() throws {
        var layout: UILayout? = try load("form.ui")
        let lifetime = try #require(layout?.lifetime)
        let label = MutableProperty("first")
        let title = try #require(try layout?.widget(id: "title"))
        Widget(title).labelText(during: lifetime) <~ label
        #expect(String(cString: gtk_label_get_text(grshim_label(title))) == "first")
        let page = try #require(try layout?.object(id: "page", type: gtk_box_get_type()))
        g_object_ref(page)
        defer { g_object_unref(page) }
        #expect(!lifetime.hasEnded)
        layout = nil
        #expect(lifetime.hasEnded, "released, the layout ends its lifetime")
        #expect(page.pointee.ref_count == 1, "and drops its references: only ours is left")
    }

    @Test func aWindowIsOpenFromLoadingUntilItsLayoutGoes() throws {
        let before = openWindows()
        var layout: UILayout? = try load("dialog.ui")
        _ = try layout?.widget(id: "dialog", type: gtk_window_get_type())
        #expect(openWindows() == before + 1, "a toplevel from the moment it is built, shown or not")
        layout = nil
        #expect(openWindows() == before, "releasing the layout destroys it")
    }

    @Test func aWindowClosedByTheUserIsNotDestroyedTwice() throws {
        let before = openWindows()
        var layout: UILayout? = try load("dialog.ui")
        let dialog = try #require(try layout?.widget(id: "dialog", type: gtk_window_get_type()))
        gtk_window_destroy(grshim_window(dialog))
        #expect(openWindows() == before)
        layout = nil
        #expect(openWindows() == before)
    }
}
