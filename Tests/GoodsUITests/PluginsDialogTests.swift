@testable import AppShell
import CGtk
import Foundation
import GoodsDomain
import GoodsUI
import GoodsViewModels
import GtkReactive
import GtkShim
import GtkTestSupport
import PluginKit
import Reactive
import Testing

extension PluginScreenTests {
    /// A router over the suite's services, for the built-in plugins the dialog lists.
    var router: AppRouter { AppRouter(services: services, preferences: MemoryPreferences(), scheduler: scheduler) }

    /// The dialog comes from plugins-dialog.ui and one plugin-row.ui per plugin; what it says
    /// comes from PluginsViewModel.
    @Test func thePluginsDialogShowsWhatItsViewModelSays() throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
        let registry = PluginRegistry()
        registry.install(LoginPlugin(router: router))
        registry.recordRefused(manifest: URL(fileURLWithPath: "/p/broken.plugin"), reason: "not trusted")
        let presenter = PluginsDialogPresenter(plugins: registry, preferences: MemoryPreferences())
        presenter.show(in: ScreenContext(chrome: window, pictures: .nowhere))
        let dialog = try #require(presenter.dialog)
        let model = try #require(presenter.viewModel)
        #expect(dialog.title == model.title.value)
        #expect(dialog.hasCSSClass("plugins-dialog"), "the dialog is the layout's")
        #expect(dialog.transientFor?.pointer == window.window.pointer, "it stays above the app's window")
        let texts = labelTexts(under: dialog.pointer)
        #expect(texts.contains(model.hint.value) && model.hint.value == PluginsViewModel.hint)
        // The list's rows are the row layouts' own GtkListBoxRows, one per plugin, in order.
        let list = try #require(descendants(of: dialog.pointer).first { typeName($0) == "GtkListBox" })
        let rows = descendants(of: list).filter { typeName($0) == "GtkListBoxRow" }
        #expect(rows.count == 2)
        let outsideTheList = Set(descendants(of: dialog.pointer)).subtracting(descendants(of: list))
        #expect(!outsideTheList.contains { typeName($0) == "GtkLabel" && gtk_widget_has_css_class($0, "error") != 0
                    && gtk_widget_get_visible($0) != 0 }, "no problems: their line stays hidden")
        #expect(rows.allSatisfy { gtk_widget_get_parent($0) == list }, "no row wrapped in another")
        #expect(rows.allSatisfy { gtk_widget_has_css_class(gtk_widget_get_first_child($0), "plugin-row") != 0 })
        #expect(rows.allSatisfy { gtk_test_accessible_has_property(OpaquePointer($0), GTK_ACCESSIBLE_PROPERTY_LABEL) != 0 },
                "each row is named after its plugin")
        #expect(gtk_test_accessible_has_property(OpaquePointer(list), GTK_ACCESSIBLE_PROPERTY_LABEL) != 0)
        let switches = descendants(of: list).filter { typeName($0) == "GtkSwitch" }
        #expect(switches.allSatisfy { gtk_test_accessible_has_property(OpaquePointer($0), GTK_ACCESSIBLE_PROPERTY_LABEL) != 0 },
                "each switch has its name (启用 …) from the view model")
        #expect(model.rows.value.map(\.switchName) == ["启用 登录", "启用 broken.plugin"])

        // The refused plugin's status is marked failed; the loaded one's is not.
        let statuses = model.rows.value.map(\.status)
        let statusLabels = descendants(of: list).filter { widget in
            typeName(widget) == "GtkLabel" && statuses.contains(String(cString: gtk_label_get_text(grshim_label(widget))))
        }
        #expect(statusLabels.map { gtk_widget_has_css_class($0, "error") != 0 } == [false, true])
        dialog.destroy()
        #expect(presenter.dialog == nil)
        window.destroy()
    }

    @Test func problemsThatBelongToNoPluginShowUnderTheList() throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
        let registry = PluginRegistry()
        registry.recordProblem("/p/a.plugin: missing [Plugin] Module")
        registry.recordProblem("/p: not trusted")
        let presenter = PluginsDialogPresenter(plugins: registry, preferences: MemoryPreferences())
        presenter.show(in: ScreenContext(chrome: window, pictures: .nowhere))
        let dialog = try #require(presenter.dialog)
        let problems = descendants(of: dialog.pointer).filter {
            typeName($0) == "GtkLabel" && gtk_widget_has_css_class($0, "error") != 0 && gtk_widget_get_visible($0) != 0
        }
        #expect(problems.map { String(cString: gtk_label_get_text(grshim_label($0))) }
                == ["/p/a.plugin: missing [Plugin] Module\n/p: not trusted"])
        // Showing it again raises the open dialog rather than opening a second one.
        presenter.show(in: ScreenContext(chrome: window, pictures: .nowhere))
        #expect(presenter.dialog === dialog)
        dialog.destroy()
        window.destroy()
    }

    /// Turning back on a plugin that safe mode turned off asks first, in a dialog over the 插件
    /// dialog; the question goes when the 插件 dialog closes.
    @Test func turningAQuarantinedPluginOnAsksOverTheDialog() async throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
        let registry = PluginRegistry()
        let manifest = PluginManifest(file: URL(fileURLWithPath: "/p/crash.plugin"), id: "x.crash", module: "crash", name: "崩溃",
                                      description: "", version: "1.0", authors: [], apiVersion: 1)
        registry.record(manifest, state: .quarantined("它让 GoodsDesk 退出了"))
        let presenter = PluginsDialogPresenter(plugins: registry, preferences: MemoryPreferences(disabledPlugins: ["x.crash"]))
        presenter.show(in: ScreenContext(chrome: window, pictures: .nowhere))
        let dialog = try #require(presenter.dialog)
        let model = try #require(presenter.viewModel)
        #expect(model.confirmEnabling.hasHandler, "the dialog answers its view model's question")

        func question() async -> MessageDialog? {
            // A loaded machine may take seconds to show it; the wait ends as soon as it shows.
            await pumpMainLoopYielding(timeout: .seconds(15)) { !openMessageDialogs(over: dialog).isEmpty }
            return openMessageDialogs(over: dialog).first
        }
        let declined = model.setEnabled(true, id: "x.crash")
        var asked = try #require(await question(), "a question opens over the 插件 dialog")
        #expect(asked.heading == "启用 崩溃？" && asked.label(ofResponse: MessageDialog.confirmResponse) == "启用")
        asked.respond(MessageDialog.cancelResponse)
        for _ in 0..<500 where model.confirmEnabling.pendingCount > 0 { await Task.yield() }
        try #require(model.confirmEnabling.pendingCount == 0)
        await declined.value
        #expect(!model.rows.value[0].isEnabled, "declined: it stays off")

        let closed = model.setEnabled(true, id: "x.crash")
        asked = try #require(await question())
        dialog.destroy()
        for _ in 0..<500 where model.confirmEnabling.pendingCount > 0 { await Task.yield() }
        try #require(model.confirmEnabling.pendingCount == 0, "the 插件 dialog closed: the question is cancelled")
        await closed.value
        #expect(!asked.isOpen, "and its dialog closed")
        #expect(presenter.viewModel == nil)
        window.destroy()
    }
}
