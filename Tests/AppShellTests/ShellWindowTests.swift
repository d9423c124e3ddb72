import AppShell
import GtkReactive
import GtkTestSupport
import PluginKit
import Reactive
import Testing
import ViewModelKit

/// A screen of any app: a label for a page, a view model, the chrome it declares.
@MainActor
private final class NoteScreen: Controller {
    let label: Label
    let viewModel: ViewModel
    let chrome: ScreenChrome
    var page: Widget { label }

    init(_ title: String, items: [ChromeItem] = []) {
        label = Label(title)
        viewModel = ViewModel(title: title)
        chrome = ScreenChrome(items: items)
    }
}

@MainActor
private final class Counter {
    var count = 0
}

/// The window shell as an app other than GoodsDesk uses it: its own menu and words, a slot of its
/// own, screens opened by route, back, and a route nobody provides.
@MainActor
@Suite("The window shell, for any app", .serialized, .needsDisplay)
struct ShellWindowTests {
    static let note = RouteKey<String>("notes.show")

    init() throws {
        try startGTK()
    }

    private func shell(slots: [ChromeSlot] = [], items: [ChromeItem] = []) -> (AppWindow, Navigator) {
        let window = AppWindow(application: nil, options: ShellOptions(
            menu: .plain(), slots: slots, texts: ShellTexts(back: "Zurück", menu: "Hauptmenü", missingRoute: { "Keine Seite: \($0)" })))
        let navigator = Navigator(window: window, makeController: { _ in nil }) { route, argument in
            route == Self.note.name ? (argument as? String).map { NoteScreen($0, items: items) } : nil
        }
        return (window, navigator)
    }

    @Test func screensOpenByRouteAndBackReturns() {
        let (window, navigator) = shell()
        navigator.open(Self.note, "first", as: .replaceRoot)
        navigator.open(Self.note, "second")
        #expect(navigator.screens.entries.map(\.viewModel.title.value) == ["first", "second"])
        #expect(window.back.isVisible, "a screen below: back shows")
        window.back.click()
        #expect(navigator.screens.entries.map(\.viewModel.title.value) == ["first"])
        #expect(!window.back.isVisible)
        window.destroy()
    }

    @Test func theAppsWordsAreTheShells() {
        let (window, navigator) = shell()
        navigator.open(RouteKey<Void>("nowhere"), as: .push)
        #expect(window.toastText == "Keine Seite: nowhere", "a route nobody provides is said in the app's words")
        #expect(navigator.screens.entries.isEmpty)
        window.destroy()
    }

    @Test func aSlotIsTheWidgetOfTheItemsOfItsIdWhileTheirScreenShows() {
        let saved = Counter()
        let (window, navigator) = shell(slots: [ChromeSlot(id: "save", label: "Save", accessibleName: "Save note")],
                                        items: [ChromeItem(id: "save", place: .headerEnd) { saved.count += 1 }])
        let save = window.slot("save")
        #expect(save?.isVisible == false, "hidden until a screen declares it")
        navigator.open(Self.note, "draft", as: .replaceRoot)
        #expect(save?.isVisible == true)
        save?.click()
        #expect(saved.count == 1, "pressing the slot runs the item of the screen on top")
        navigator.screens.removeAll()
        #expect(save?.isVisible == false, "hidden again once its screen left")
        window.destroy()
    }
}
