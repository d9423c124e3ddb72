import CGtk
import Foundation
import GoodsUI
import GtkReactive
import GtkShim
import GtkTestSupport
import Testing

/// GoodsUI's layouts (data/ui/*.ui, compiled into the module): every file loads without a
/// GtkBuilder error and declares the ids, of the types, that its screen's code looks up.
@MainActor
@Suite("GoodsUI's .ui files", .serialized,
       .needsDisplay)
struct UIFilesTests {
    init() throws {
        try startGTK()
    }

    /// Per file, the ids the screens use and the GTK type each must be.
    nonisolated static let expected: [String: [(id: String, type: String)]] = [
        "window.ui": [("window", "AdwApplicationWindow"), ("header", "AdwHeaderBar"), ("back", "GtkButton"),
                      ("menu", "GtkMenuButton"),
                      ("refresh", "GtkButton"), ("fill", "GtkButton"), ("header_end", "GtkBox"),
                      ("toasts", "AdwToastOverlay"), ("leaflet", "AdwLeaflet"), ("stack", "GtkStack"),
                      ("main_pane", "GtkBox"), ("detail_pane", "GtkBox"), ("detail_header", "AdwHeaderBar"),
                      ("detail_stack", "GtkStack"), ("placeholder", "AdwStatusPage"), ("width_watch", "GtkDrawingArea")],
        "menu-item.ui": [("item", "GtkButton"), ("label", "GtkLabel")],
        "start.ui": [("page", "GtkBox"), ("title", "GtkLabel"), ("progress", "GtkProgressBar"), ("detail", "GtkLabel")],
        "login.ui": [("clamp", "AdwClamp"), ("page", "GtkBox"), ("avatar", "AdwAvatar"), ("phone", "GtkEntry"), ("code", "GtkEntry"),
                     ("login", "GtkButton"), ("login-label", "GtkLabel"), ("login-spinner", "GtkSpinner")],
        "goods-list.ui": [("page", "GtkBox"), ("banner_clamp", "AdwClamp"), ("banner", "GtkButton"),
                          ("carousel", "AdwCarousel"), ("indicator", "AdwCarouselIndicatorDots"), ("dots", "GtkBox"),
                          ("section", "GtkLabel"), ("loading_status", "AdwStatusPage"), ("loading_spinner", "GtkSpinner"),
                          ("empty_status", "AdwStatusPage"), ("error_status", "AdwStatusPage"), ("retry", "GtkButton"),
                          ("scroller", "GtkScrolledWindow"), ("list_clamp", "AdwClampScrollable"), ("list", "GtkListView"),
                          ("footer", "GtkLabel"), ("footer_retry", "GtkButton"), ("section_clamp", "AdwClamp"),
                          ("list_area", "GtkOverlay"), ("scroll_top", "GtkButton"), ("footer_more", "GtkButton")],
        "carousel-dot.ui": [("dot", "GtkButton")],
        "goods-row.ui": [("root", "GtkBox"), ("avatar", "AdwAvatar"), ("verified", "GtkImage"),
                         ("nickname", "GtkLabel"), ("time", "GtkLabel"), ("strip", "GrShimPictureStrip"),
                         ("price", "GtkLabel"), ("original_price", "GtkLabel"), ("freight", "GtkLabel"),
                         ("count", "GtkLabel"), ("brand_new", "GtkLabel"), ("title", "GtkLabel"),
                         ("description", "GtkLabel"), ("place", "GtkLabel"), ("messages", "GtkLabel"),
                         ("like", "GtkButton"), ("seller_button", "GtkButton"), ("place_button", "GtkButton"),
                         ("reply", "GtkButton")]
            + (0..<8).map { ("picture\($0)", "GtkImage") },
        // The row's pages: a seller's or a place's goods, an item's comments.
        "goods-list-page.ui": [("page", "GtkBox"), ("empty_status", "AdwStatusPage"), ("scroller", "GtkScrolledWindow"),
                               ("list", "GtkListView"), ("footer", "GtkLabel"), ("footer_more", "GtkButton")],
        "comments.ui": [("page", "GtkBox"), ("empty_status", "AdwStatusPage"), ("scroller", "GtkScrolledWindow"),
                        ("list", "GtkListView"), ("footer", "GtkLabel"), ("entry", "GtkEntry"), ("send", "GtkButton")],
        "comment-row.ui": [("root", "GtkBox"), ("avatar", "AdwAvatar"), ("author", "GtkLabel"), ("time", "GtkLabel"),
                           ("text", "GtkLabel")],
        "plugins-dialog.ui": [("dialog", "GtkWindow"), ("list", "GtkListBox"), ("problems", "GtkLabel"), ("hint", "GtkLabel")],
        // Menus only: checked by theMenusFileHasTheSectionsTheWindowFills.
        "menus.ui": [],
        "shortcuts.ui": [("help_overlay", "GtkShortcutsWindow")],
        "start-error.ui": [("window", "GtkApplicationWindow"), ("status", "AdwStatusPage"), ("quit", "GtkButton")],
        "plugin-row.ui": [("row", "GtkListBoxRow"), ("name", "GtkLabel"), ("detail", "GtkLabel"),
                          ("status", "GtkLabel"), ("enabled", "GtkSwitch")],
        "search.ui": [("search_entry", "GtkSearchEntry"), ("search_page", "GtkBox"), ("list_slot", "GtkBox"),
                      ("results_area", "GtkBox"), ("searching_status", "AdwStatusPage"), ("searching_spinner", "GtkSpinner"),
                      ("no_results_status", "AdwStatusPage"), ("failed_status", "AdwStatusPage"),
                      ("results_scroller", "GtkScrolledWindow"), ("results_list", "GtkListView"), ("results_footer", "GtkLabel")],
    ]

    func openWindows() -> UInt32 { g_list_model_get_n_items(gtk_window_get_toplevels()) }

    @Test func theResourceHoldsEveryScreen() {
        #expect(UIResourceBundle.goodsUI.prefix == "/io/github/goodsdesk/GoodsDesk/ui")
        #expect(UIResourceBundle.goodsUI.files() == Self.expected.keys.sorted())
    }

    @Test(arguments: UIFilesTests.expected.keys.sorted())
    func loadsWithTheIdsItsScreenUses(file: String) throws {
        let windows = openWindows()
        do {
            let layout = try UIFile(file, in: .goodsUI).load()
            for (id, type) in try #require(Self.expected[file]) {
                let gtype = g_type_from_name(type)
                try #require(gtype != 0, "\(file): no type \(type) registered")
                #expect(throws: Never.self, "\(file) \(id)") { try layout.widget(id: id, type: gtype) }
            }
        }
        #expect(openWindows() == windows, "\(file): its windows go with its layout")
    }

    @Test func theRowKeepsTheWidgetNamesTheTestsLookUp() throws {
        let row = try UIFile("goods-row.ui", in: .goodsUI).load()
        #expect(String(cString: gtk_widget_get_name(try row.widget(id: "title"))) == "title")
        #expect(String(cString: gtk_widget_get_name(try row.widget(id: "like"))) == "like")
        let strip = try row.widget(id: "strip")
        var children: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(strip)
        while let current = child { children.append(current); child = gtk_widget_get_next_sibling(current) }
        #expect(children == (try (0..<8).map { try row.widget(id: "picture\($0)") }), "the eight pictures, in order, in the strip")
    }

    @Test func theMenusFileHasTheSectionsTheWindowFills() throws {
        let layout = try UILayout("menus.ui", in: .goodsUI)
        let menu = try layout.menu(id: "primary_menu")
        #expect(menu.labels == ["刷新", "注销", "键盘快捷键", "关闭窗口", "退出"], "the fixed items, the sections empty")
        #expect(menu.items.map(\.action) == ["win.refresh", "win.logout", "win.show-help-overlay", "win.close", "app.quit"])
        let screenItems = try layout.menu(id: "screen_items")
        let appItems = try layout.menu(id: "app_items")
        #expect(menu.section(at: 1) != nil && screenItems.count == 0 && appItems.count == 0)
        let window = try UIFile("window.ui", in: .goodsUI).load()
        let button = try window.widget(id: "menu", type: gtk_menu_button_get_type())
        #expect(gtk_menu_button_get_primary(OpaquePointer(button)) != 0, "the primary menu button: F10")
        let header = try window.widget(id: "header")
        #expect(gtk_widget_get_parent(header) == (try window.widget(id: "main_pane")), "each pane has its own header bar")
    }

    @Test func theShortcutsWindowIsNotWhereGtkApplicationLooksForIt() throws {
        // GtkApplication would load <resource base path>/gtk/help-overlay.ui for every window and
        // keep it hidden: the app makes its shortcuts window from shortcuts.ui when asked.
        let basePath = "/" + GoodsDeskApp.applicationID.replacingOccurrences(of: ".", with: "/")
        _ = UIResourceBundle.goodsUI
        #expect(UIResourceBundle(registeredAt: basePath + "/gtk").files().isEmpty)
        let layout = try UIFile("shortcuts.ui", in: .goodsUI).load()
        #expect(throws: Never.self) { try layout.object(id: "help_overlay", type: gtk_shortcuts_window_get_type()) }
    }

    @Test func translatableTextIsTheSeedsChinese() throws {
        // Under the C locale gettext returns the source strings: the msgids the .po files hold.
        let login = try UIFile("login.ui", in: .goodsUI).load()
        #expect(String(cString: gtk_label_get_text(grshim_label(try login.widget(id: "login-label")))) == "登录")
        let list = try UIFile("goods-list.ui", in: .goodsUI).load()
        #expect(String(cString: gtk_label_get_text(grshim_label(try list.widget(id: "section")))) == "推荐商品")
    }
}
