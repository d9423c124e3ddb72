import Foundation
import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// Carries out view models' navigation requests on the window: a stack of controllers, one
/// per screen, created through `makeController` (a view model's screen) and `openRoute` (a
/// route's, for `.open`). It is the app's `Navigating`: made over a
/// `PluginRegistry`, it gives every screen and menu action a `context` whose navigator is
/// itself, and a route nobody provides shows the toast 没有插件提供此页面（route）.
///
/// Panes: a screen whose view model is `ListDetailPresenting` (a goods list, say) is a list that
/// opens its items beside it. While one is on the stack, the screens above it go in the window's
/// detail pane: on a wide window (`AppWindow.splitWidth`) list | detail side by side, the pane
/// showing the list's `detailPlaceholder` until something opens; the list opening another item
/// replaces the one beside it (that screen is retired and freed like any other). On a narrow
/// window the leaflet folds: one pane at a time, back (the button, Escape, Alt+Left, BackSpace
/// outside a text field, the leaflet's swipe) returns to the list.
///
/// It owns the window's chrome: while a screen shows it binds that screen's declared `chrome`
/// (title, header buttons and menu items with their shortcuts, busy state, back) on its pane's
/// header bar, and takes it off when the screen leaves. It shows the errors and notices of every view model on the
/// stack as toasts (a page's like may report through the list below it), and those of the
/// app-wide `UnhandledErrors` stream, and keeps the top
/// view model active while the window is (`WindowActivity`).
///
/// Controllers that leave the stack are released, and with them their ViewManagers and view
/// models: a screen's controller (so its ViewManager and every binding) goes before its view
/// model, so nothing a view model does as it ends (an interrupted login that stops being busy)
/// reaches the screen. Closing the window ends every screen that way.
@MainActor
public final class Navigator: Navigating {
    let window: AppWindow
    let makeController: @MainActor (ViewModel, ScreenContext) -> (any Controller)?
    let openRoute: @MainActor (String, any Sendable, ScreenContext) -> (any Controller)?
    /// The screens' pictures; nil for a navigator made with closures, whose screens have their own.
    private let pictures: PictureLocator?
    /// What the screens it opens and the window's menu actions get: the window as chrome, the
    /// pictures, and this navigator (held weakly, so screens never keep it alive).
    public private(set) lazy var context = ScreenContext(
        chrome: window, pictures: pictures ?? PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/nonexistent")),
        navigator: NavigatorLink(self))
    /// The screens, as a model: every push, pop and pane change goes through it, and the
    /// window follows its changes.
    public let screens = NavigationStack<StackedScreen>()
    /// The controllers on the stack, the root first.
    var stack: [any Controller] { screens.entries.compactMap(\.screen.controller) }
    /// The window's focus, and so whether the top screen's view model is active.
    private(set) var activity = WindowActivity()
    /// The chrome of the screen the main pane shows, and of the one the detail pane shows.
    private var chrome: ChromeBinding?
    private var detailChrome: ChromeBinding?
    /// Keeps the screens across runs, once `restoreSavedScreens` has been asked.
    private var restoration: ScreenRestoration?
    private var pageNumber = 0

    /// The app's navigator: screens for view models and routes come from `registry`, each given
    /// `context` (this navigator's).
    public convenience init(window: AppWindow, registry: PluginRegistry, pictures: PictureLocator) {
        self.init(
            window: window, pictures: pictures,
            makeController: { registry.controller(for: $0, in: $1) },
            openRoute: { registry.controller(route: $0, argument: $1, in: $2) })
    }

    /// A navigator whose closures find the controllers, with a context of their own (tests);
    /// `context` then has pictures from nowhere.
    public convenience init(
        window: AppWindow,
        makeController: @escaping @MainActor (ViewModel) -> (any Controller)?,
        openRoute: @escaping @MainActor (String, any Sendable) -> (any Controller)? = { _, _ in nil }
    ) {
        self.init(
            window: window, pictures: nil,
            makeController: { viewModel, _ in makeController(viewModel) },
            openRoute: { name, argument, _ in openRoute(name, argument) })
    }

    init(
        window: AppWindow, pictures: PictureLocator?,
        makeController: @escaping @MainActor (ViewModel, ScreenContext) -> (any Controller)?,
        openRoute: @escaping @MainActor (String, any Sendable, ScreenContext) -> (any Controller)?
    ) {
        self.window = window
        self.pictures = pictures
        self.makeController = makeController
        self.openRoute = openRoute
        screens.changes.observe(during: window.lifetime) { [weak self] change in self?.apply(change) }
        window.back.reactive.clicked.startObserving(during: window.lifetime) { [weak self] in self?.handle(.pop) }
        // Back by keyboard; BackSpace only outside a text field, where it deletes.
        window.lifetime += window.window.addKeyShortcut("Escape|<Alt>Left") { [weak self] in self?.goBack() ?? false }
        window.lifetime += window.window.addKeyShortcut("BackSpace") { [weak self, weak window] in
            guard let window, !window.window.focusTakesText else { return false }
            return self?.goBack() ?? false
        }
        // The leaflet's own back (a swipe, the Back mouse button) while folded: the list again.
        window.leaflet.reactive.visibleChildChanged.startObserving(during: window.lifetime) { [weak self] in
            self?.leafletShowed()
        }
        window.isWide.producer.skipRepeats()
            .startObserving(during: window.lifetime) { [weak self] _ in self?.layoutPanes(shown: nil, forward: true) }
        // Folding happens during a layout: the panes follow after it.
        window.leaflet.reactive.isFolded.skipRepeats().observe(on: MainLoopScheduler.shared)
            .startObserving(during: window.lifetime) { [weak self] _ in self?.layoutPanes(shown: nil, forward: true) }
        window.lifetime.observeEnded { [weak self] in
            MainThread.run { [weak self] in self?.windowClosed() }
        }
        window.isActive.skipRepeats().startObserving(during: window.lifetime) { [weak self] focused in
            self?.windowFocusChanged(focused)
        }
        // Errors no view model could word (the app-wide stream, already logged): one toast each.
        UnhandledErrors.shared.reports.observe(during: window.lifetime) { [weak window] report in
            guard !report.message.isEmpty else { return }
            window?.showToast(report.message)
        }
    }

    isolated deinit {
        chrome?.unbind()
        detailChrome?.unbind()
        for entry in screens.entries.reversed() { leave(entry.screen) }
    }

    /// The controller on top.
    public var top: (any Controller)? { screens.top?.screen.controller }

    /// Carries out one request.
    public func handle(_ request: NavigationRequest) {
        handle(request, from: nil)
    }

    /// Carries out `request` of `origin` (a view model on the stack, nil for a plugin's or the
    /// app's): a list that opens items beside it replaces the one it opened before.
    private func handle(_ request: NavigationRequest, from origin: ViewModel?) {
        switch request {
        case let .open(destination, presentation):
            open(route: destination.route, argument: destination.argument, as: presentation, from: origin)
        case let .resetToRoot(viewModel):
            guard let controller = makeController(viewModel, context) else { return }
            screens.replaceRoot(with: StackedScreen(controller))
        case .pop:
            screens.pop()
        }
    }

    /// Back by a key: pops the screen on top if it has a way back (its back button would show,
    /// or it stands beside a list); answers whether it did.
    func goBack() -> Bool {
        guard let top, screens.canGoBack else { return false }
        guard screens.detail != nil || top.chrome.showsBack else { return false }
        return screens.pop()
    }

    /// The leaflet showed a child by itself (folded: a swipe, Alt+Left, the Back button): back
    /// on the list, the screens beside it go.
    private func leafletShowed() {
        guard window.leaflet.isVisibleChild(window.mainPane), window.isFolded else { return }
        screens.closeDetail()
    }

    /// Adds the app's menu actions to the primary menu, after every screen's items: each an action
    /// (`win.action-<id>`) with its accelerator; choosing one (or pressing its keys) runs it with
    /// `context`.
    public func install(_ actions: [AppAction]) {
        let context = self.context
        for action in actions {
            let item = window.addMenuItem(action.title, id: action.id, accelerator: action.accelerator)
            Button(item.pointer, scope: window.lifetime).reactive.clicked
                .startObserving(during: window.lifetime) { [weak window] in
                    window?.closeMenu()
                    action.perform(context)
                }
        }
    }

    /// The window's focus changed: the screen on top is active unless the window, once
    /// focused, lost the focus.
    func windowFocusChanged(_ focused: Bool) {
        activity.focusChanged(focused)
        applyActivity()
    }

    /// Keeps the window's screens across runs in `file`: the first time route `restorePoint` is
    /// opened as the root, the screens saved by the last run come back in its place (as far as
    /// their routes still exist and their arguments are found again: `restorations`, by route),
    /// and from then on every change is saved. A saved route that no plugin provides any more
    /// ends the restore there, with one toast.
    /// `measured`, when given, is told how long the restore took (`RestoreTiming`) and how many
    /// screens came back.
    public func restoreSavedScreens(
        from file: NavigationSnapshotFile, at restorePoint: String,
        restorations: @escaping @MainActor (String) -> AnyRouteRestoration?,
        measured: (@MainActor (RestoreTiming) -> Void)? = nil
    ) {
        restoration = ScreenRestoration(file: file, restorePoint: restorePoint, restorations: restorations)
        restoreMeasured = measured
    }

    /// Told how long the restore took (`restoreSavedScreens`).
    private var restoreMeasured: (@MainActor (RestoreTiming) -> Void)?

    /// Shows route `name`'s screen for `argument`, or says that no plugin provides it.
    private func open(route name: String, argument: any Sendable, as presentation: Presentation, from origin: ViewModel?) {
        guard let controller = openRoute(name, argument, context) else {
            window.showToast(window.options.texts.missingRoute(name))
            return
        }
        let destination = Destination(route: name, argument: argument)
        if presentation == .replaceRoot, let restoration, restoration.isRestorePoint(name) {
            // The screen before (the start screen) stays until the saved screens are back.
            let started = ContinuousClock.now
            restoration.restore { [weak self] outcome in
                let found = ContinuousClock.now
                let restored = self?.finishRestoring(outcome, fallback: controller, destination: destination) ?? 0
                self?.restoreMeasured?(RestoreTiming(lookups: found - started, building: ContinuousClock.now - found, screens: restored))
            }
            return
        }
        switch presentation {
        case .push: screens.push(StackedScreen(controller), destination: destination, from: origin)
        case .replaceRoot: screens.replaceRoot(with: StackedScreen(controller), destination: destination)
        }
    }

    /// Shows what a restore brought back: the saved screens, the root first, each view model given
    /// its saved state; or, when none came back, the restore point's own screen (`fallback`).
    @discardableResult
    private func finishRestoring(_ outcome: ScreenRestoration.Outcome, fallback: any Controller, destination: Destination) -> Int {
        guard window.isOpen else { return 0 }
        var restored = 0
        if case let .screens(saved, stop) = outcome {
            for screen in saved {
                guard let controller = openRoute(screen.destination.route, screen.destination.argument, context) else { break }
                (controller.viewModel as? any StateRestoring)?.restore(screen.state)
                if restored == 0 {
                    screens.replaceRoot(with: StackedScreen(controller), destination: screen.destination)
                } else {
                    screens.push(StackedScreen(controller), destination: screen.destination)
                }
                restored += 1
            }
            if case let .missingRoute(name) = stop { window.showToast(window.options.texts.missingRoute(name)) }
        }
        if restored == 0 { screens.replaceRoot(with: StackedScreen(fallback), destination: destination) }
        restoration?.save(screens)
        return restored
    }

    /// The window follows a change of the stack: the screens that left go (each stops being
    /// active, its requests and toasts are no longer heard, its page leaves the window), the one
    /// that came is heard, and the panes show the stack as it now is.
    private func apply(_ change: NavigationStack<StackedScreen>.Change) {
        unbindChromes()
        for screen in change.removed { leave(screen) }
        if let added = change.added { listen(to: added) }
        // The screen on top now is told it shows: the one that came, or the one a pop uncovered.
        layoutPanes(shown: screens.top?.screen.controller, forward: change.isForward)
        // The new root has nothing to go back to.
        if change.kind == .replaceRoot { window.back.isVisible = false }
        restoration?.save(screens)
    }

    /// Listens to the view model of `screen`, which has just come on the stack.
    private func listen(to screen: StackedScreen) {
        let viewModel = screen.viewModel
        screen.subscription += viewModel.navigation.observe(during: viewModel.lifetime) { [weak self, weak viewModel] request in
            self?.handle(request, from: viewModel)
        }
        // Every view model on the stack may speak: the detail page's like reports through the
        // list's view model, below it.
        screen.subscription += Signal.merge(viewModel.errors, viewModel.notices)
            .observe(during: viewModel.lifetime) { [weak window] message in window?.showToast(message) }
        // A view model's own state (a search query) is kept with the screens.
        if let restorable = viewModel as? any StateRestoring {
            screen.subscription += restorable.restorableStateChanges.startObserving(during: viewModel.lifetime) { [weak self] in
                guard let self else { return }
                restoration?.save(screens)
            }
        }
    }

    /// `screen` has left the stack: it stops being active and is no longer heard, and its page
    /// leaves the window. (It is freed with the change: its controller before its view model.)
    private func leave(_ screen: StackedScreen) {
        screen.viewModel.isActive = false
        window.remove(page: screen.page)
        screen.retire()
    }

    /// The topmost list on the stack that opens its items beside it: the screens above it go in
    /// the detail pane.
    var masterIndex: Int? { screens.listIndex }

    /// Whether the screen at `index` shows now: the top, and the list beside it when both panes show.
    private func isShowing(_ index: Int) -> Bool {
        let topIndex = screens.entries.count - 1
        guard let list = screens.listIndex, index == list, topIndex > list else { return index == topIndex }
        return !window.isFolded
    }

    private func unbindChromes() {
        chrome?.unbind()
        chrome = nil
        detailChrome?.unbind()
        detailChrome = nil
    }

    /// Shows the stack in the panes: the main pane's page (the top, or the list), the detail
    /// pane's (the top above the list, else the placeholder), their chromes and which pane the
    /// folded leaflet shows; then each screen's activity. `shown` came on top (it is told).
    private func layoutPanes(shown: (any Controller)?, forward: Bool) {
        unbindChromes()
        let stack = self.stack
        guard window.isOpen, let topIndex = stack.indices.last else {
            window.setSplit(false)
            return
        }
        let master = masterIndex
        window.setSplit(master != nil)
        let mainIndex = master ?? topIndex
        let main = stack[mainIndex]
        pageNumber += 1
        window.show(page: main.page, named: "page-\(pageNumber)", forward: forward)
        if let master, topIndex > master {
            let detail = stack[topIndex]
            window.showDetail(page: detail.page, named: "page-\(pageNumber)-detail")
            window.detailPane.reactive.accessibleLabel <~ (detail.chrome.title ?? Property(detail.viewModel.title))
            chrome = ChromeBinding(main.chrome, of: main.viewModel, on: window, header: window.mainHeader,
                                   canGoBack: mainIndex > 0, ownsWindow: false)
            detailChrome = ChromeBinding(detail.chrome, of: detail.viewModel, on: window, header: window.detailHeaderBar,
                                         canGoBack: window.isFolded || topIndex > master + 1, ownsWindow: true)
            window.placeBack(inDetail: true)
            window.leaflet.showChild(window.detailPane)
        } else {
            if let placeholder = (main.viewModel as? any ListDetailPresenting)?.detailPlaceholder {
                window.placeholder.title = placeholder.title
                window.placeholder.descriptionText = placeholder.description
                window.detailTitle.text = ""
                window.detailPane.setAccessibleLabel(placeholder.title)
                window.showPlaceholder()
            }
            window.placeBack(inDetail: false)
            chrome = ChromeBinding(main.chrome, of: main.viewModel, on: window, canGoBack: topIndex > 0)
            window.leaflet.showChild(window.mainPane)
        }
        window.updateTitleButtons()
        applyActivity()
        shown?.didShow()
    }

    /// Each screen on the stack is active while it shows and the window counts as active.
    private func applyActivity() {
        let active = activity.screenIsActive
        for (index, entry) in screens.entries.enumerated() { entry.viewModel.isActive = active && isShowing(index) }
    }

    /// The window closed: every screen ends (and their questions' dialogs close with them).
    private func windowClosed() {
        // The screens leaving with the window are no change to keep: the next start restores them.
        restoration?.finish()
        unbindChromes()
        screens.removeAll()
    }
}

/// A controller as the navigation stack holds it. When its screen leaves, the controller (so
/// its ViewManager and every binding) is let go at once (`retire`), and the view model only with
/// this, after: nothing a view model does as it ends (an interrupted login that stops being
/// busy) reaches the screen.
@MainActor
public final class StackedScreen: NavigationScreen {
    /// The controller, until the screen has left the stack.
    public private(set) var controller: (any Controller)?
    public let viewModel: ViewModel
    /// Its page, kept to take it out of the window after the controller has gone.
    let page: Widget
    /// Its view model's requests and toasts, heard while it is on the stack.
    let subscription = CompositeDisposable()

    init(_ controller: any Controller) {
        self.controller = controller
        viewModel = controller.viewModel
        page = controller.page
    }

    /// Lets the controller go: the screen has left.
    func retire() {
        subscription.dispose()
        controller = nil
    }
}
