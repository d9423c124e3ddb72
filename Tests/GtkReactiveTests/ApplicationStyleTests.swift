import CGtk
import GtkReactive
import GtkTestSupport
import Testing

/// An application's own style sheet loads because the application was given its resources,
/// not because some code happened to touch the bundle before `run`.
@MainActor
@Suite("An application's style sheet", .serialized, .needsDisplay)
struct ApplicationStyleTests {
    init() throws {
        try startGTK()
    }

    @Test func theStyleSheetInTheResourcesGivenAtInitStylesTheApp() throws {
        let id = "io.github.goodsdesk.GtkReactiveTests.Styled"
        let application = try #require(Application(id: id, resources: [.module]))
        #expect(application.resourceBasePath == "/io/github/goodsdesk/GtkReactiveTests/Styled")
        #expect(application.resources.map(\.prefix) == [UIResourceBundle.module.prefix])
        // Registered by the init, before run: AdwApplication finds it as it starts up.
        let base = try #require(application.resourceBasePath)
        #expect(g_resources_get_info(base + "/style.css", G_RESOURCE_LOOKUP_FLAGS_NONE, nil, nil, nil) != 0)
        guard application.registerOrRaisePrimary() == .primary else { return }  // startup loads the styles
        let label = Label("styled")
        label.addCSSClass("styled-by-application-test")
        var minimum: Int32 = 0
        gtk_widget_measure(label.pointer, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
        #expect(minimum >= 321, "the application's style.css applies: \(minimum)")
    }
}
