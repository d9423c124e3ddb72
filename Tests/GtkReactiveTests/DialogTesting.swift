import CGtk
import Testing
import GtkReactive
import GtkTestSupport
import Reactive
import ViewModelKit

/// What the dialog suites share: finding the dialogs a question opened, and waiting for its
/// answer with the main loop running.
@MainActor
protocol DialogTesting {}

extension DialogTesting {
    /// The open message dialogs.
    func openDialogs() -> [MessageDialog] {
        guard let toplevels = gtk_window_get_toplevels() else { return [] }
        return (0..<g_list_model_get_n_items(toplevels)).compactMap { index in
            guard let item = g_list_model_get_item(toplevels, index) else { return nil }
            g_object_unref(item)
            return MessageDialog.cast(item.assumingMemoryBound(to: GtkWidget.self))
        }
    }

    /// The open message dialogs over `window` (other suites' tests may have theirs open meanwhile).
    func openDialogs(over window: Window) -> [MessageDialog] {
        openDialogs().filter { $0.transientFor?.pointer == window.pointer }
    }

    /// Lets the asking task and the main loop run until a dialog is open over `window`.
    func shownDialog(over window: Window) async throws -> MessageDialog {
        await pumpMainLoopYielding(timeout: .seconds(10)) { !openDialogs(over: window).isEmpty }
        return try #require(openDialogs(over: window).first, "a dialog opens over the window")
    }

    /// Lets the handler's task and the main loop run until `interaction` has no question
    /// pending (bounded: a lost answer fails the test instead of hanging it).
    func settled<Input, Output>(_ interaction: Interaction<Input, Output>) async -> Bool {
        await pumpMainLoopYielding(timeout: .seconds(10)) { interaction.pendingCount == 0 }
    }

    /// A window with a page in it: what a screen registers its dialogs over.
    func windowWithPage() -> (Window, Label) {
        let window = Window(title: "GoodsDesk")
        let page = Label("page")
        gtk_window_set_child(UnsafeMutableRawPointer(window.pointer).assumingMemoryBound(to: GtkWindow.self), page.pointer)
        return (window, page)
    }
}
