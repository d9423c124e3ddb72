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
import ViewModelKit

extension ScreenTests {
    func isAccessiblyBusy(_ widget: Widget) -> Bool {
        gtk_test_accessible_has_state(OpaquePointer(widget.pointer), GTK_ACCESSIBLE_STATE_BUSY) != 0
    }

    /// 登录 is bound to the login Action through CocoaAction: sensitive while it can run, busy
    /// while it runs (a spinner and 登录中…, a second click does nothing, no window HUD), and a
    /// click runs it.
    @Test func theLoginButtonFollowsTheLoginAction() throws {
        let (window, navigator) = makeApp()
        let login = try #require(navigator.top as? LoginController)
        let button = login.view.login
        #expect(button.reactive.pressed != nil, "the button carries the login's CocoaAction")
        #expect(!button.isSensitive && !login.model.login.isEnabled.value)
        grshim_emit(window.fill.pointer, "clicked")
        #expect(button.isSensitive && login.model.login.isEnabled.value)
        #expect(!isAccessiblyBusy(button) && !button.hasCSSClass("busy"))

        button.click()
        #expect(login.model.login.isExecuting.value, "the click ran the Action")
        #expect(isAccessiblyBusy(button) && button.hasCSSClass("busy"), "busy while it runs")
        #expect(login.view.loginLabel.text == "登录中…" && login.view.loginSpinner.isVisible && login.view.loginSpinner.isSpinning)
        #expect(gtk_test_accessible_has_property(OpaquePointer(button.pointer), GTK_ACCESSIBLE_PROPERTY_LABEL) != 0,
                "its accessible name is its own (登录), not the label's 登录中…")
        #expect(button.isSensitive, "it keeps a focus it has")
        var refused = 0
        login.model.login.disabledErrors.observe(during: login.view.lifetime) { _ in refused += 1 }
        button.click()
        #expect(refused == 1, "a second click runs nothing")
        #expect(!window.isBusy, "the window's Loading... HUD does not show")
        #expect(login.view.phone.isSensitive && login.view.code.isSensitive, "the page stays usable")
        scheduler.advance(by: .seconds(1))
        #expect(!window.isBusy)
        #expect(navigator.top is GoodsListController)
        window.destroy()
    }

    /// Whether the keyboard focus of `window` is in `widget` (an entry's focus is in its text).
    func hasFocus(_ widget: Widget, in window: AppWindow) -> Bool {
        guard let focus = gtk_window_get_focus(UnsafeMutableRawPointer(window.window.pointer).assumingMemoryBound(to: GtkWindow.self)) else { return false }
        return focus == widget.pointer || gtk_widget_is_ancestor(focus, widget.pointer) != 0
    }

    /// After a failed login the focus goes to the field to fix: the phone for a bad number, the
    /// code for a wrong code; while a valid login runs the focus stays where it was.
    @Test func aFailedLoginFocusesTheFieldToFix() throws {
        let (window, navigator) = makeApp()
        window.present()
        pumpMainLoop(for: .milliseconds(250))
        let login = try #require(navigator.top as? LoginController)
        let view = login.view
        view.phone.text = "123"
        view.code.text = "5858"
        view.login.grabFocus()
        #expect(hasFocus(view.login, in: window))
        view.login.click()
        scheduler.run()
        #expect(hasFocus(view.phone, in: window), "a bad number: the phone")
        view.phone.text = "13874389438"
        view.code.text = "585"
        view.login.grabFocus()
        view.login.click()
        scheduler.run()
        #expect(hasFocus(view.code, in: window), "a wrong code: the code")
        view.code.text = "5858"
        view.login.grabFocus()
        view.login.click()
        #expect(login.model.login.isExecuting.value)
        #expect(hasFocus(view.login, in: window), "busy, 登录 keeps the focus")
        scheduler.advance(by: .seconds(1))
        #expect(navigator.top is GoodsListController)
        window.destroy()
    }

    /// The entries and the view model follow each other both ways (`<~>`), without echoes.
    @Test func theEntriesAndTheViewModelFollowEachOther() throws {
        let (window, navigator) = makeApp()
        let login = try #require(navigator.top as? LoginController)
        login.view.phone.text = "138"
        #expect(login.model.mobilePhone.value == "138")
        login.model.verifyCode.value = "12"
        #expect(login.view.code.text == "12")
        login.view.code.cursorPosition = 1
        login.model.verifyCode.value = "12"
        #expect(login.view.code.cursorPosition == 1, "an equal value leaves the entry (and its cursor) alone")
        window.destroy()
    }

    /// Once the store cannot open, the start screen says why and hides the progress bar.
    @Test func theStartScreenHidesTheProgressOnceOpeningFailed() throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
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
        input.send(error: StoreError(.notAFile, path: "/x", detail: "directory", message: "/x is a directory"))
        scheduler.advance()
        #expect(!start.view.progress.isVisible)
        #expect(start.view.heading.text == model.heading.value && model.hasFailed.value)
        #expect(start.view.detail.text == UserMessage.opening(StoreError(.notAFile, path: "/x", detail: "directory", message: "")))
        window.destroy()
    }
}
