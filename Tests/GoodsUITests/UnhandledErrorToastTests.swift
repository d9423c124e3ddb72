@testable import AppShell
import CGtk
import Foundation
@testable import GoodsUI
import GoodsViewModels
import GtkReactive
import GtkTestSupport
import Testing
import ViewModelKit

/// The window shows one toast, in the app's words, for an error no view model could word.
@MainActor
@Suite("Unhandled errors become one toast", .serialized,
       .needsDisplay)
struct UnhandledErrorToastTests {
    struct Glitch: Error {}

    init() throws {
        try startGTK()
    }

    @Test func anUnhandledErrorShowsOneToastAndNoDump() throws {
        UnhandledErrors.shared.message = UserMessage.unhandled
        let window = AppWindow(application: nil, options: .goodsDesk())
        let navigator = Navigator(window: window) { PlainScreen($0) }
        let screen = ViewModel(title: "list")
        navigator.handle(.resetToRoot(screen))
        var toasts: [String] = []
        let counting = UnhandledErrors.shared.reports.observe(during: window.lifetime) { _ in toasts.append(window.toastText) }
        screen.show(Glitch())
        #expect(window.toastText == "出了点问题，操作没有完成")
        #expect(toasts == ["出了点问题，操作没有完成"], "one toast")
        counting?.dispose()
        window.destroy()
        screen.show(Glitch())
        #expect(window.toastText == "出了点问题，操作没有完成", "a closed window shows nothing and nothing crashes")
    }
}
