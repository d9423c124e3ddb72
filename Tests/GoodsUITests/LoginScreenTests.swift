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
    func isAccessiblyBusy(_ widget: Widget) -> Bool {
        gtk_test_accessible_has_state(OpaquePointer(widget.pointer), GTK_ACCESSIBLE_STATE_BUSY) != 0
    }

    /// 登录 is bound to the login Action through CocoaAction: sensitive while it can run, busy
    /// (and not pressable) while it runs, and a click runs it.
    @Test func theLoginButtonFollowsTheLoginAction() throws {
        let (window, navigator) = makeApp()
        let login = try #require(navigator.top as? LoginController)
        let button = login.view.login
        #expect(button.reactive.pressed != nil, "the button carries the login's CocoaAction")
        #expect(!button.isSensitive && !login.login.login.isEnabled.value)
        goods_emit(window.fillButton.pointer, "clicked")
        #expect(button.isSensitive && login.login.login.isEnabled.value)
        #expect(!isAccessiblyBusy(button) && !button.hasCSSClass("busy"))

        button.click()
        #expect(login.login.login.isExecuting.value, "the click ran the Action")
        #expect(isAccessiblyBusy(button) && button.hasCSSClass("busy"), "busy while it runs")
        #expect(!button.isSensitive, "not pressable again meanwhile")
        #expect(window.isBusy, "and the window's Loading... HUD shows")
        scheduler.advance(by: .seconds(1))
        #expect(!window.isBusy)
        #expect(navigator.top is GoodsListController)
        window.destroy()
    }

    /// The entries and the view model follow each other both ways (`<~>`), without echoes.
    @Test func theEntriesAndTheViewModelFollowEachOther() throws {
        let (window, navigator) = makeApp()
        let login = try #require(navigator.top as? LoginController)
        login.view.phone.text = "138"
        #expect(login.login.mobilePhone.value == "138")
        login.login.verifyCode.value = "12"
        #expect(login.view.code.text == "12")
        login.view.code.cursorPosition = 1
        login.login.verifyCode.value = "12"
        #expect(login.view.code.cursorPosition == 1, "an equal value leaves the entry (and its cursor) alone")
        window.destroy()
    }

    /// Once the store cannot open, the start screen says why and hides the progress bar.
    @Test func theStartScreenHidesTheProgressOnceOpeningFailed() throws {
        let window = AppWindow(application: nil)
        let registry = PluginRegistry()
        registry.install(AppPlugin { _ in })
        let context = ScreenContext(chrome: window, pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/nonexistent")))
        let navigator = Navigator(window: window, makeController: { registry.controller(for: $0, in: context) })
        let (opening, input) = Signal<StoreOpeningEvent, StoreError>.pipe()
        let model = StartViewModel(opening: SignalProducer(opening), scheduler: scheduler)
        navigator.handle(.resetToRoot(model))
        let start = try #require(navigator.top as? StartController)
        #expect(start.view.progress.isVisible)
        #expect(start.view.heading.text == model.heading.value)
        input.send(error: StoreError(.notAFile, message: "/x 不是普通文件"))
        scheduler.advance()
        #expect(!start.view.progress.isVisible)
        #expect(start.view.heading.text == model.heading.value && model.hasFailed.value)
        #expect(start.view.detail.text == "/x 不是普通文件")
        window.destroy()
    }
}
