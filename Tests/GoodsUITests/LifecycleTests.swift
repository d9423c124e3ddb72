@testable import AppShell
import CGtk
import Foundation
import GtkTestSupport
import Reactive
import GoodsUI
import GoodsViewModels
import GtkReactive
import GtkShim
import Synchronization
import Testing

extension ScreenTests {
    /// Logs in and waits until the goods list shows rows; returns its controller.
    func showGoodsList(_ window: AppWindow, _ navigator: Navigator) throws -> GoodsListController {
        gtk_window_set_default_size(grshim_window(window.windowWidget.raw), 420, 720)
        window.present()
        grshim_emit(window.fill.pointer, "clicked")
        (navigator.top as? LoginController)?.model.submit()
        scheduler.advance(by: .seconds(1))
        return try #require(navigator.top as? GoodsListController)
    }

    @Test func closingTheWindowMidLoginEndsTheScreenBeforeItsWidgets() throws {
        GLibCriticals.install()
        let criticals = GLibCriticals.seen.load(ordering: .relaxed)
        let (window, navigator) = makeApp()
        window.present()
        grshim_emit(window.fill.pointer, "clicked")
        weak let controller = navigator.top as? LoginController
        weak let viewModel = controller?.model
        controller?.model.submit()
        #expect(controller?.model.login.isExecuting.value == true, "logging in")
        window.destroy()
        #expect(controller == nil && viewModel == nil, "closing the window ended the login screen at once")
        #expect(!window.isOpen)
        scheduler.advance(by: .seconds(2))  // when the login would have answered
        pumpMainLoop(for: .milliseconds(250))
        #expect(navigator.top == nil)
        #expect(GLibCriticals.seen.load(ordering: .relaxed) == criticals, "no Gtk-CRITICAL")
    }

    @Test func closingTheWindowMidPageLoadEndsTheListBeforeItsWidgets() throws {
        GLibCriticals.install()
        let criticals = GLibCriticals.seen.load(ordering: .relaxed)
        let (window, navigator) = makeApp()
        weak let controller = try showGoodsList(window, navigator)
        weak let viewModel = controller?.model
        #expect(controller?.model.footer.value == .loading, "page 1 is loading")
        window.destroy()
        #expect(controller == nil && viewModel == nil, "closing the window ended the goods list at once")
        scheduler.advance(by: .seconds(2))  // when the page would have arrived
        pumpMainLoop(for: .milliseconds(250))
        #expect(GLibCriticals.seen.load(ordering: .relaxed) == criticals, "no Gtk-CRITICAL")
    }

    @Test func closingTheWindowMidLikeEndsTheRowsBeforeTheirWidgets() throws {
        GLibCriticals.install()
        let criticals = GLibCriticals.seen.load(ordering: .relaxed)
        let (window, navigator) = makeApp()
        weak var weakController: GoodsListController?
        var likeButton: UnsafeMutablePointer<GtkWidget>?
        do {
            let controller = try showGoodsList(window, navigator)
            weakController = controller
            scheduler.advance(by: .milliseconds(750))
            let list = controller.listWidget.pointer
            pumpMainLoop { !visibleRows(list).isEmpty }
            likeButton = descendants(named: "like", under: list).first
        }
        let button = try #require(likeButton)
        grshim_emit(button, "clicked")
        #expect(gtk_widget_get_sensitive(button) == 0, "the like is running")
        window.destroy()
        #expect(weakController == nil, "closing the window ended the goods list at once")
        scheduler.advance(by: .seconds(2))  // when the like would have answered
        pumpMainLoop(for: .milliseconds(250))
        #expect(GLibCriticals.seen.load(ordering: .relaxed) == criticals, "no Gtk-CRITICAL")
    }
}

extension ScreenTests {
    /// Answers from the store's worker thread come back through the main-loop scheduler: a
    /// source may fire on the GTK thread before `schedule` has returned on the worker. Disposing
    /// it afterwards must not remove it again (a stale source id is a GLib-CRITICAL).
    @Test func sourcesScheduledFromWorkerThreadsAreNeverRemovedTwice() throws {
        GLibCriticals.install()
        let criticals = GLibCriticals.seen.load(ordering: .relaxed)
        let ran = Atomic<Int>(0)
        let scheduled = Mutex<[any Disposable]>([])
        let count = 2_000
        // Workers schedule while this thread runs the loop, so sources fire as they are made.
        for _ in 0..<4 {
            DispatchQueue.global().async {
                for _ in 0..<(count / 4) {
                    let disposable = MainLoopScheduler.shared.schedule { ran.add(1, ordering: .relaxed) }
                    if let disposable { scheduled.withLock { $0.append(disposable) } }
                }
            }
        }
        pumpMainLoop { ran.load(ordering: .relaxed) == count && scheduled.withLock { $0.count } == count }
        #expect(ran.load(ordering: .relaxed) == count)
        scheduled.withLock { $0.forEach { $0.dispose() } }
        let late = MainLoopScheduler.shared.schedule(after: .milliseconds(1)) { ran.add(1, ordering: .relaxed) }
        pumpMainLoop { ran.load(ordering: .relaxed) == count + 1 }
        #expect(ran.load(ordering: .relaxed) == count + 1, "a later source still runs")
        late?.dispose()
        #expect(GLibCriticals.seen.load(ordering: .relaxed) == criticals, "no source removed twice")
    }
}
