import CGtk
import Foundation
import GtkReactive
import GtkTestSupport
import Reactive
import Testing
import ViewModelKit

/// The application shell's wrappers: `Application`, `StyleSheet`, `IconTheme`, `AboutDialog` (an AdwAboutWindow),
/// picture descriptions and a window's saved size.
@MainActor
@Suite("Application shell", .serialized, .needsDisplay)
struct AppShellTests {
    init() throws {
        try startGTK()
    }

    func gtkWindow(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWindow> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkWindow.self)
    }

    /// A folder of its own for this test's files.
    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-shell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func anApplicationNeedsAValidID() {
        #expect(Application(id: "not an id") == nil)
        #expect(Application(id: "single") == nil, "an id has two elements at least")
        #expect(Application(id: "io.github.goodsdesk.ShellTest")?.id == "io.github.goodsdesk.ShellTest")
    }

    @Test func runStartsUpActivatesAndQuitsOnSIGTERMClosingItsWindows() throws {
        let application = try #require(Application(id: "io.github.goodsdesk.ShellTest.Run\(getpid())"))
        var events: [String] = []
        // Before registering: the primary instance starts up as it registers.
        var adwaitaAtStartup: (started: Bool, dark: Bool?) = (false, nil)
        application.startup.observe(during: application.lifetime) {
            events.append("startup")
            adwaitaAtStartup = (AdwaitaStyle.isStarted, AdwaitaStyle.isDark)
        }
        let registration = application.registerOrRaisePrimary()
        if ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil {
            #expect(registration == .primary, "the first instance on this bus")
        } else {
            #expect(registration != .raisedPrimary && registration != .noAnswer)
        }
        #expect(events == ["startup"])
        // An AdwApplication: libadwaita has started before the observers of `startup` run.
        #expect(adwaitaAtStartup.started)
        #expect(adwaitaAtStartup.dark != nil)
        var window: Window?
        application.activated.observe(during: application.lifetime) {
            events.append("activated")
                let shown = Window(title: "壳")
            application.add(shown)
            window = shown
            // As `kill` does (a signal to the process: the test runner's thread blocks SIGTERM),
            // handled on the loop, which closes the window and quits.
            kill(getpid(), SIGTERM)
        }
        application.quitOnSignals()
        application.quitOnSignals()  // once is enough: no second handler
        let status = application.run(arguments: ["shell-test"], hostingMainQueue: false)
        #expect(status == 0)
        #expect(events == ["startup", "activated"])
        let closed = try #require(window)
        #expect(!closed.isOpen, "SIGTERM closed the application's window")
    }

    @Test func aStyleSheetStylesTheDisplayUntilRemoved() throws {
        #expect(throws: StyleSheetError.unreadable("/nonexistent/style.css")) { try StyleSheet.load(path: "/nonexistent/style.css") }
        let folder = try temporaryFolder()
        #expect(throws: StyleSheetError.unreadable(folder.path), "a folder is no style sheet") { try StyleSheet.load(path: folder.path) }
        let path = folder.appendingPathComponent("probe.css").path
        try ".sheet-probe { min-width: 123px; }".write(toFile: path, atomically: true, encoding: .utf8)

        let window = Window(title: "样式")
        defer { window.destroy() }
        let probe = GtkReactive.Box(.vertical)
        probe.addCSSClass("sheet-probe")
        gtk_window_set_child(gtkWindow(window.pointer), probe.pointer)
        func minimumWidth() -> Int32 {
            var minimum: Int32 = 0
            gtk_widget_measure(probe.pointer, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
            return minimum
        }
        // Styles apply as the window draws its next frame.
        window.present()
        pumpMainLoop { gtk_widget_get_mapped(probe.pointer) != 0 }
        #expect(minimumWidth() < 123)
        let sheet = try StyleSheet.load(path: path)
        #expect(sheet.path == path)
        pumpMainLoop { minimumWidth() == 123 }
        #expect(minimumWidth() == 123)
        sheet.remove()
        pumpMainLoop { minimumWidth() < 123 }
        #expect(minimumWidth() < 123)
    }

    @Test func iconFoldersAndTheDefaultWindowIcon() throws {
        #expect(!IconTheme.add(folder: URL(fileURLWithPath: "/nonexistent/icons")))
        let folder = try temporaryFolder()
        let name = "goodsdesk-shell-probe-\(getpid())"
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16"/></svg>"#
        // Laid out as the app's data/icons: the hicolor theme's folders.
        let apps = folder.appendingPathComponent("hicolor/scalable/apps")
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        try svg.write(to: apps.appendingPathComponent("\(name).svg"), atomically: true, encoding: .utf8)
        #expect(!IconTheme.hasIcon(name))
        #expect(IconTheme.add(folder: folder))
        #expect(IconTheme.hasIcon(name), "an icon in the added folder is found")

        let before = IconTheme.defaultWindowIcon
        defer { IconTheme.defaultWindowIcon = before }
        IconTheme.defaultWindowIcon = name
        #expect(IconTheme.defaultWindowIcon == name)
    }

    /// The About windows open now (libadwaita's toplevels of that type).
    func aboutWindows() -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        guard let toplevels = gtk_window_get_toplevels() else { return [] }
        var index: guint = 0
        while let item = g_list_model_get_item(toplevels, index) {
            g_object_unref(item)
            let widget = item.assumingMemoryBound(to: GtkWidget.self)
            if g_type_check_instance_is_a(item.assumingMemoryBound(to: GTypeInstance.self), adw_about_window_get_type()) != 0 {
                found.append(widget)
            }
            index += 1
        }
        return found
    }

    @Test func theAboutWindowSaysWhatTheProgramGivesAndIsShownOnce() throws {
        let parent = Window(title: "主窗口")
        defer { parent.destroy() }
        let info = AboutInfo(
            title: "关于 测试", programName: "测试程序", version: "1.2.3", comments: "一行说明",
            website: "https://example.org", authors: ["甲", "乙"], translatorCredits: "译者", license: .mitX11,
            developerName: "测试团队", issueURL: "https://example.org/issues")
        AboutDialog.show(info, over: parent)
        AboutDialog.show(info, over: parent)
        let windows = aboutWindows()
        #expect(windows.count == 1, "shown again, not opened twice")
        let shown = try #require(windows.first)
        defer { gtk_window_destroy(gtkWindow(shown)) }
        let about = OpaquePointer(shown)
        func text(_ value: UnsafePointer<CChar>?) -> String? { value.map { String(cString: $0) } }
        #expect(text(adw_about_window_get_application_name(about)) == "测试程序")
        #expect(text(adw_about_window_get_version(about)) == "1.2.3")
        #expect(text(adw_about_window_get_comments(about)) == "一行说明")
        #expect(text(adw_about_window_get_developer_name(about)) == "测试团队")
        #expect(text(adw_about_window_get_website(about)) == "https://example.org")
        #expect(text(adw_about_window_get_issue_url(about)) == "https://example.org/issues")
        #expect(text(adw_about_window_get_translator_credits(about)) == "译者")
        #expect(adw_about_window_get_license_type(about) == GTK_LICENSE_MIT_X11)
        let developers = try #require(adw_about_window_get_developers(about))
        #expect(text(developers[0]) == "甲" && text(developers[1]) == "乙" && developers[2] == nil)
        #expect(text(gtk_window_get_title(gtkWindow(shown))) == "关于 测试", "the program's title")
        #expect(gtk_window_get_transient_for(gtkWindow(shown)) == gtkWindow(parent.pointer))
        #expect(gtk_window_get_modal(gtkWindow(shown)) != 0)
    }

    @Test func anAboutWindowWithoutADeveloperNameNamesTheFirstAuthor() throws {
        let info = AboutInfo(programName: "程序", version: "1", authors: ["甲"])
        AboutDialog.show(info, over: nil)
        let shown = try #require(aboutWindows().first)
        defer { gtk_window_destroy(gtkWindow(shown)) }
        #expect(adw_about_window_get_developer_name(OpaquePointer(shown)).map { String(cString: $0) } == "甲")
    }

    @Test func pictureBindingsDescribeWhatTheyShowInTheProgramsWords() {
        let before = PictureDescriptions.standard
        defer { PictureDescriptions.standard = before }
        func described(_ image: Image) -> Bool {
            gtk_test_accessible_has_property(OpaquePointer(image.pointer), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION) != 0
        }
        PictureDescriptions.standard = .none
        let silent = Image()
        silent.reactive.pictureFile() <~ SignalProducer(value: nil)
        #expect(!described(silent), "no descriptions: the framework says nothing of its own")

        PictureDescriptions.standard = PictureDescriptions(shown: "图", placeholder: "无图")
        let standard = Image()
        standard.reactive.pictureFile() <~ SignalProducer(value: nil)
        #expect(described(standard), "the program's standard descriptions")

        let own = Image()
        own.reactive.pictureFile(descriptions: PictureDescriptions(shown: nil, placeholder: "空")) <~ SignalProducer(value: nil)
        #expect(described(own))
        #expect(PictureDescriptions(shown: "图", placeholder: "无图").text(showing: false) == "无图")
    }

    @Test func aWindowsDefaultSizeReadsBack() {
        let window = Window(title: "尺寸")
        defer { window.destroy() }
        window.setDefaultSize(width: 640, height: 480)
        #expect(window.defaultSize == (640, 480))
    }
}

extension AppShellTests {
    /// An About window is destroyed with its parent (libadwaita sets that), and GTK 4.8 keeps a
    /// closed one's pointer to the parent: the window, freed after its parent, disconnected
    /// from freed memory (GLib criticals). Closed, it drops its parent.
    @Test func aClosedAboutWindowOutlivesItsParentWithoutCriticals() throws {
        let criticals = GLibCriticals.seen.load(ordering: .relaxed)
        let info = AboutInfo(programName: "程序", version: "1")
        var parent: Window? = Window(title: "父窗口")
        AboutDialog.show(info, over: parent)
        let shown = try #require(aboutWindows().first)
        g_object_ref(shown)
        defer { g_object_unref(shown) }
        #expect(gtk_window_get_transient_for(gtkWindow(shown)) == parent.map { gtkWindow($0.pointer) })
        gtk_window_destroy(gtkWindow(shown))
        #expect(gtk_window_get_transient_for(gtkWindow(shown)) == nil, "closed: no parent kept")
        parent?.destroy()
        parent = nil
        AboutDialog.show(info, over: nil)
        let again = try #require(aboutWindows().first)
        #expect(again != shown, "a closed About window is not shown again: a new one is")
        gtk_window_destroy(gtkWindow(again))
        #expect(GLibCriticals.seen.load(ordering: .relaxed) == criticals, "no GLib critical")
    }
}
