@testable import AppShell
import CGtk
import Foundation
import GoodsDomain
import GoodsUI
import GoodsViewModels
import GtkReactive
import GtkShim
import PluginKit
import Reactive
import Testing
import ViewModelKit

extension ScreenTests {
    /// The first start's window shows at once with the import's progress, then the login.
    @Test func theStartScreenShowsTheImportsProgressThenTheLogin() throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
        let registry = PluginRegistry()
        registry.install(AppPlugin { _ in })
        let services = self.services
        let router = AppRouter(preferences: preferences, scheduler: scheduler) { _ in services }
        registry.install(LoginPlugin(router: router))
        try router.register(in: registry)
        let navigator = Navigator(window: window, registry: registry,
                                  pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/nonexistent")))
        let (opening, input) = Signal<StoreOpeningEvent, StoreError>.pipe()
        navigator.handle(router.firstScreen(opening: SignalProducer(opening)))
        let start = try #require(navigator.top as? StartController)
        input.send(value: .progress(ImportProgress(pagesRead: 30, pageCount: 40, goodsImported: 600)))
        scheduler.advance()
        #expect(gtk_progress_bar_get_fraction(OpaquePointer(start.view.progress.raw)) == 0.75)
        #expect(String(cString: gtk_label_get_text(grshim_label(start.view.detail.raw))).contains("600"))
        input.send(value: .opened(services.store))
        scheduler.advance()
        #expect(navigator.top is LoginController, "the login follows once the store is open")
        #expect(gtk_widget_get_visible(window.back.pointer) == 0, "the login is the root: no back button")
        window.destroy()
    }
}
