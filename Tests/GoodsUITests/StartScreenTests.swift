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
        let window = AppWindow(application: nil)
        let registry = PluginRegistry()
        registry.install(AppPlugin { _ in })
        registry.install(LoginPlugin())
        let context = ScreenContext(chrome: window, pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/nonexistent")))
        let navigator = Navigator(window: window, makeController: { registry.controller(for: $0, in: context) })
        let (opening, input) = Signal<StoreOpeningEvent, StoreError>.pipe()
        let services = self.services
        let preferences = self.preferences
        navigator.handle(.resetToRoot(StartViewModel(opening: SignalProducer(opening), scheduler: scheduler) { _ in
            LoginViewModel(service: services, accounts: services, preferences: preferences) { _ in ViewModel() }
        }))
        let start = try #require(navigator.top as? StartController)
        input.send(value: .progress(ImportProgress(pagesRead: 30, pageCount: 40, goodsImported: 600)))
        scheduler.advance()
        #expect(gtk_progress_bar_get_fraction(OpaquePointer(start.view.progress.raw)) == 0.75)
        #expect(String(cString: gtk_label_get_text(goods_label(start.view.detail.raw))).contains("600"))
        input.send(value: .opened(services.store))
        scheduler.advance()
        #expect(navigator.top is LoginController, "the login follows once the store is open")
        #expect(gtk_widget_get_visible(window.back.pointer) == 0, "the login is the root: no back button")
        window.destroy()
    }
}
