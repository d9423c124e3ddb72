import Foundation
import GtkReactive
import PluginKit
import Reactive
import ViewModelKit
import Localization

/// Carries out view models' navigation requests on the window: a stack of controllers, one
/// per screen, created through `makeController` (a view model's screen) and `openRoute` (a
/// route's, for `.open` and `.route`). It is the app's `Navigating`: made over a
/// `PluginRegistry`, it gives every screen and menu action a `context` whose navigator is
/// itself, and a route nobody provides shows the toast 没有插件提供此页面（route）.
///
/// Panes: a screen whose view model is `ListDetailPresenting` (the goods list) is a list that
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
/// stack as toasts (a page's like may report through the list below it), and keeps the top
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
    private(set) var stack: [any Controller] = []
    /// The window's focus, and so whether the top screen's view model is active.
    private(set) var activity = WindowActivity()
    /// Per view model on the stack: its navigation requests and its toasts.
    private var subscriptions: [ObjectIdentifier: any Disposable] = [:]
    /// The chrome of the screen the main pane shows, and of the one the detail pane shows.
    private var chrome: ChromeBinding?
    private var detailChrome: ChromeBinding?
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
    }

    isolated deinit {
        chrome?.unbind()
        detailChrome?.unbind()
        retire(stack.indices)
    }

    /// The controller on top.
    public var top: (any Controller)? { stack.last }

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
            replaceRoot(with: controller)
        case let .push(viewModel):
            if let controller = makeController(viewModel, context) { push(controller, from: origin) }
        case let .route(name, argument):
            open(route: name, argument: argument, as: .push, from: origin)
        case .pop:
            guard stack.count > 1 else { return }
            unbindChromes()
            retire((stack.count - 1)..<stack.count)
            layoutPanes(shown: stack.last, forward: false)
        }
    }

    /// Back by a key: pops the screen on top if it has a way back (its back button would show,
    /// or it stands beside a list); answers whether it did.
    func goBack() -> Bool {
        guard let top, stack.count > 1 else { return false }
        let beside = masterIndex.map { stack.count - 1 > $0 } ?? false
        guard beside || top.chrome.showsBack else { return false }
        handle(.pop)
        return true
    }

    /// The leaflet showed a child by itself (folded: a swipe, Alt+Left, the Back button): back
    /// on the list, the screens beside it go.
    private func leafletShowed() {
        guard window.leaflet.isVisibleChild(window.mainPane), window.isFolded,
              let master = masterIndex, stack.count - 1 > master else { return }
        unbindChromes()
        retire((master + 1)..<stack.count)
        layoutPanes(shown: stack.last, forward: false)
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

    /// Shows route `name`'s screen for `argument`, or says that no plugin provides it.
    private func open(route name: String, argument: any Sendable, as presentation: Presentation, from origin: ViewModel?) {
        guard let controller = openRoute(name, argument, context) else {
            window.showToast(tr("没有插件提供此页面（{0}）", name))
            return
        }
        switch presentation {
        case .push: push(controller, from: origin)
        case .replaceRoot: replaceRoot(with: controller)
        }
    }

    private func replaceRoot(with controller: any Controller) {
        unbindChromes()
        append(controller)
        retire(0..<(stack.count - 1))
        layoutPanes(shown: controller, forward: true)
        // The new root has nothing to go back to.
        window.back.isVisible = false
    }

    /// Pushes `controller`; when `origin` is the list the detail pane belongs to, it replaces the
    /// screens beside the list.
    private func push(_ controller: any Controller, from origin: ViewModel? = nil) {
        unbindChromes()
        if let origin, let master = masterIndex, stack[master].viewModel === origin, stack.count - 1 > master {
            retire((master + 1)..<stack.count)
        }
        append(controller)
        layoutPanes(shown: controller, forward: true)
    }

    /// Puts `controller` on the stack, listening to its view model.
    private func append(_ controller: any Controller) {
        stack.append(controller)
        let viewModel = controller.viewModel
        let subscription = CompositeDisposable()
        subscription += viewModel.navigation.observe(during: viewModel.lifetime) { [weak self, weak viewModel] request in
            self?.handle(request, from: viewModel)
        }
        // Every view model on the stack may speak: the detail page's like reports through the
        // list's view model, below it.
        subscription += Signal.merge(viewModel.errors, viewModel.notices)
            .observe(during: viewModel.lifetime) { [weak window] message in window?.showToast(message) }
        subscriptions[ObjectIdentifier(viewModel)] = subscription
    }

    /// The topmost list on the stack that opens its items beside it: the screens above it go in
    /// the detail pane.
    var masterIndex: Int? { stack.lastIndex { $0.viewModel is any ListDetailPresenting } }

    /// Whether the screen at `index` shows now: the top, and the list beside it when both panes show.
    private func isShowing(_ index: Int) -> Bool {
        guard let master = masterIndex, index == master, stack.count - 1 > master else { return index == stack.count - 1 }
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
        for index in stack.indices { stack[index].viewModel.isActive = active && isShowing(index) }
    }

    /// The window closed: every screen ends (and their questions' dialogs close with them).
    private func windowClosed() {
        unbindChromes()
        retire(0..<stack.count)
    }

    /// Takes the screens at `range` off the stack, the topmost first: each stops being active and
    /// leaves the window, then the controllers are released (their bindings end) while their view
    /// models are still held, and only then the view models.
    private func retire(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let viewModels = stack[range].map(\.viewModel)
        for index in range.reversed() {
            let viewModel = stack[index].viewModel
            viewModel.isActive = false
            subscriptions.removeValue(forKey: ObjectIdentifier(viewModel))?.dispose()
            window.remove(page: stack[index].page)
        }
        stack.removeSubrange(range)
        withExtendedLifetime(viewModels) {}
    }
}
