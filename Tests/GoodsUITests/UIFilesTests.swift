import CGtk
import Foundation
import GoodsUI
import GtkReactive
import GtkShim
import GtkTestSupport
import Testing

/// GoodsUI's layouts (data/ui/*.ui, compiled into the module with their typed layouts): every
/// file of the folder is in the bundle and loads without a GtkBuilder error, and what the
/// screens rely on beyond ids and classes (which the build checks: each screen names its widgets
/// through its generated layout) holds.
@MainActor
@Suite("GoodsUI's .ui files", .serialized,
       .needsDisplay)
struct UIFilesTests {
    init() throws {
        try startGTK()
    }

    /// The `.ui` files in data/ui/, which GoodsUI.gresource.xml compiles in by their names
    /// (its `<layouts folder="../../data/ui"/>`): no file needs a line of its own.
    nonisolated static let manifestFiles: [String] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/ui").standardized
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ui") }.sorted()
    }()

    func openWindows() -> UInt32 { g_list_model_get_n_items(gtk_window_get_toplevels()) }

    @Test func theResourceHoldsEveryFileOfTheFolder() {
        #expect(UIResourceBundle.goodsUI.prefix == "/io/github/goodsdesk/GoodsDesk/ui")
        #expect(Self.manifestFiles.count > 10, "the folder was read")
        #expect(UIResourceBundle.goodsUI.files() == Self.manifestFiles)
    }

    @Test(arguments: UIFilesTests.manifestFiles)
    func loadsWithoutAnErrorAndTakesItsWindowsWithIt(file: String) throws {
        let windows = openWindows()
        do {
            _ = try UIFile(file, in: .goodsUI).load()
        }
        #expect(openWindows() == windows, "\(file): its windows go with its layout")
    }

    @Test func theRowKeepsTheWidgetNamesTheTestsLookUp() throws {
        let row = try GoodsRowLayout.load()
        #expect(String(cString: gtk_widget_get_name(row.title.pointer)) == "title")
        #expect(String(cString: gtk_widget_get_name(row.like.pointer)) == "like")
        var children: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(row.strip.pointer)
        while let current = child { children.append(current); child = gtk_widget_get_next_sibling(current) }
        let pictures = [row.picture0, row.picture1, row.picture2, row.picture3, row.picture4, row.picture5, row.picture6, row.picture7]
        #expect(children == pictures.map(\.pointer), "the eight pictures, in order, in the strip")
    }

    @Test func theMenusFileHasTheSectionsTheWindowFills() throws {
        let layout = try MenusLayout.load()
        let menu = layout.primaryMenu
        #expect(menu.labels == ["刷新", "注销", "键盘快捷键", "关闭窗口", "退出"], "the fixed items, the sections empty")
        #expect(menu.items.map(\.action) == ["win.refresh", "win.logout", "win.show-help-overlay", "win.close", "app.quit"])
        #expect(menu.section(at: 1) != nil && layout.screenItems.count == 0 && layout.appItems.count == 0)
    }

    @Test func theShortcutsWindowIsNotWhereGtkApplicationLooksForIt() throws {
        // GtkApplication would load <resource base path>/gtk/help-overlay.ui for every window and
        // keep it hidden: the app makes its shortcuts window from shortcuts.ui when asked.
        let basePath = "/" + GoodsDeskApp.applicationID.replacingOccurrences(of: ".", with: "/")
        _ = UIResourceBundle.goodsUI
        #expect(UIResourceBundle(registeredAt: basePath + "/gtk").files().isEmpty)
        let layout = try ShortcutsLayout.load()
        let instance = UnsafeMutableRawPointer(layout.helpOverlay.pointer).assumingMemoryBound(to: GTypeInstance.self)
        #expect(g_type_check_instance_is_a(instance, gtk_shortcuts_window_get_type()) != 0)
    }

    @Test func translatableTextIsTheSeedsChinese() throws {
        // Under the C locale gettext returns the source strings: the msgids the .po files hold.
        #expect(try LoginLayout.load().loginLabel.text == "登录")
        #expect(try GoodsListLayout.load().section.text == "推荐商品")
    }
}
