import CGtk
import Foundation
import GtkReactive
import GtkTestSupport
import Reactive
import Testing
import ViewModelKit

/// Actions, menus and accelerators: `SimpleAction`, `ActionMap`, `Menu`, `Accelerator`,
/// `Application.setAccelerators`, a primary `MenuButton` and a window's help overlay.
@MainActor
@Suite("Actions and menus", .serialized, .needsDisplay)
struct ActionsAndMenusTests {
    init() throws {
        try startGTK()
    }

    /// A `GtkApplicationWindow` (a `win.` action map) of no application.
    func applicationWindow() -> Window {
        Window(toplevel: UnsafeMutableRawPointer(g_object_new_with_properties(gtk_application_window_get_type(), 0, nil, nil))
            .assumingMemoryBound(to: GtkWidget.self))
    }

    @Test func anActionSaysWhenItIsActivatedAndNotWhileDisabled() throws {
        #expect(SimpleAction(name: "not valid") == nil, "GIO's names: no spaces")
        #expect(SimpleAction(name: "") == nil)
        let action = try #require(SimpleAction(name: "refresh"))
        var runs = 0
        action.reactive.activated.observe(during: action.lifetime) { runs += 1 }
        action.activate()
        #expect(runs == 1)
        let enabled = MutableProperty(false)
        action.reactive.isEnabled <~ enabled
        #expect(!action.isEnabled, "bound: follows the property")
        action.activate()
        #expect(runs == 1, "a disabled action ignores activations")
        enabled.value = true
        #expect(action.isEnabled)
        action.reactive.isEnabled <~ SignalProducer(value: false)
        enabled.value = true
        #expect(!action.isEnabled, "a new binding replaces the first")
    }

    @Test func aWindowsActionsAreFoundAndActivatedByName() throws {
        let window = applicationWindow()
        defer { window.destroy() }
        let action = try #require(SimpleAction(name: "export"))
        var runs = 0
        action.activated.observe(during: action.lifetime) { runs += 1 }
        #expect(window.add(action))
        #expect(window.hasAction(named: "export") && window.isActionEnabled("export"))
        window.activateAction(named: "export")
        #expect(runs == 1)
        gtk_widget_activate_action_variant(window.pointer, "win.export", nil)
        #expect(runs == 2, "GTK finds it as win.export, as a menu item does")
        action.isEnabled = false
        window.activateAction(named: "export")
        #expect(runs == 2 && !window.isActionEnabled("export"))
        window.removeAction(named: "export")
        #expect(!window.hasAction(named: "export"))
        let plain = Window(title: "普通")
        defer { plain.destroy() }
        #expect(!plain.add(action), "a plain GtkWindow is no action map")
    }

    @Test func aMenuListsItsItemsAndSections() {
        let menu = Menu()
        menu.append("刷新", action: "win.refresh")
        let section = Menu()
        menu.appendSection(section)
        menu.append("退出", action: "app.quit")
        section.append("插件", action: "win.plugins")
        section.insert("导出", action: "win.export", at: 0)
        #expect(menu.count == 3)
        #expect(menu.labels == ["刷新", "导出", "插件", "退出"], "a section's items show where it is, and change there")
        #expect(menu.actions == ["win.refresh", "", "app.quit"])
        section.remove(action: "win.export")
        menu.remove(at: 99)
        #expect(menu.labels == ["刷新", "插件", "退出"])
        #expect(menu.section(at: 1)?.labels == ["插件"] && menu.section(at: 0) == nil)
    }

    @Test func acceleratorsAreCheckedAndSetOnTheApplication() throws {
        #expect(Accelerator.isValid("<Control>q") && Accelerator.isValid("F5"))
        #expect(!Accelerator.isValid("<Control>") && !Accelerator.isValid("nonsense-key") && !Accelerator.isValid(""))
        #expect(Accelerator.list("F5|<Control>r|bogus key") == ["F5", "<Control>r"])
        #expect(Accelerator.matches("<Ctrl>F", "<Control>f") && !Accelerator.matches("<Control>f", "<Control><Shift>f"))
        #expect(Accelerator.label("<Control>q") == "Ctrl+Q")
        let application = try #require(Application(id: "io.github.goodsdesk.ActionsTest.Accels\(getpid())"))
        application.setAccelerators(["F5", "<Control>r", "not a key"], for: "win.refresh")
        #expect(application.accelerators(for: "win.refresh") == ["F5", "<Control>r"], "the invalid one left out")
        application.setAccelerators([], for: "win.refresh")
        #expect(application.accelerators(for: "win.refresh").isEmpty)
        let quit = try #require(SimpleAction(name: "quit"))
        #expect(application.add(quit) && application.hasAction(named: "quit"))
    }

    @Test func aPrimaryMenuButtonShowsAMenuModel() throws {
        let button = MenuButton(iconName: "open-menu-symbolic")
        #expect(!button.isPrimary)
        button.isPrimary = true
        #expect(button.isPrimary, "F10 opens it")
        let menu = Menu()
        menu.append("退出", action: "app.quit")
        button.setMenu(menu)
        let popover = try #require(gtk_menu_button_get_popover(button.pointer.opaqueForTests))
        let instance = UnsafeMutableRawPointer(popover).assumingMemoryBound(to: GTypeInstance.self)
        #expect(g_type_check_instance_is_a(instance, gtk_popover_menu_get_type()) != 0, "GTK's popover menu shows the model")
        #expect(!button.isMenuShown)
    }

    @Test func aShortcutsWindowBecomesTheWindowsHelpOverlay() throws {
        let window = applicationWindow()
        defer { window.destroy() }
        let overlay = Window(toplevel: UnsafeMutableRawPointer(g_object_new_with_properties(gtk_shortcuts_window_get_type(), 0, nil, nil)).assumingMemoryBound(to: GtkWidget.self))
        #expect(!window.hasAction(named: "show-help-overlay"))
        #expect(!window.setHelpOverlay(window), "only a shortcuts window")
        #expect(window.setHelpOverlay(overlay))
        #expect(window.hasAction(named: "show-help-overlay"), "GTK adds win.show-help-overlay")
    }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    var opaqueForTests: OpaquePointer { OpaquePointer(self) }
}
