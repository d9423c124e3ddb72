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
/// It owns the window's chrome: while a screen is on top it binds that screen's declared
/// `chrome` (title, header buttons and menu items with their shortcuts, the HUD, back) and takes
/// it off when the screen leaves. It shows the errors and notices of every view model on the
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
    /// The chrome of the screen on top.
    private var chrome: ChromeBinding?
    let confirmations = ConfirmationPresenter()
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
        window.lifetime.observeEnded { [weak self] in
            MainThread.run { [weak self] in self?.windowClosed() }
        }
        window.isActive.skipRepeats().startObserving(during: window.lifetime) { [weak self] focused in
            self?.windowFocusChanged(focused)
        }
    }

    isolated deinit {
        chrome?.unbind()
        retire(stack.indices)
    }

    /// The controller on top.
    public var top: (any Controller)? { stack.last }

    /// Carries out one request.
    public func handle(_ request: NavigationRequest) {
        switch request {
        case let .open(destination, presentation):
            open(route: destination.route, argument: destination.argument, as: presentation)
        case let .resetToRoot(viewModel):
            guard let controller = makeController(viewModel, context) else { return }
            replaceRoot(with: controller)
        case let .push(viewModel):
            if let controller = makeController(viewModel, context) { push(controller, forward: true) }
        case let .route(name, argument):
            open(route: name, argument: argument, as: .push)
        case .pop:
            guard stack.count > 1 else { return }
            show(stack[stack.count - 2], forward: false, below: stack.count - 2)
            retire((stack.count - 1)..<stack.count)
        case let .confirm(request):
            confirmations.present(request, over: window.window)
        }
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
        top?.viewModel.isActive = activity.screenIsActive
    }

    /// Shows route `name`'s screen for `argument`, or says that no plugin provides it.
    private func open(route name: String, argument: any Sendable, as presentation: Presentation) {
        guard let controller = openRoute(name, argument, context) else {
            window.showToast(tr("没有插件提供此页面（{0}）", name))
            return
        }
        switch presentation {
        case .push: push(controller, forward: true)
        case .replaceRoot: replaceRoot(with: controller)
        }
    }

    private func replaceRoot(with controller: any Controller) {
        push(controller, forward: true)
        retire(0..<(stack.count - 1))
        // The new root has nothing to go back to.
        window.back.isVisible = false
    }

    private func push(_ controller: any Controller, forward: Bool) {
        stack.last?.viewModel.isActive = false
        stack.append(controller)
        let viewModel = controller.viewModel
        let subscription = CompositeDisposable()
        subscription += viewModel.navigation.observe(during: viewModel.lifetime) { [weak self] request in
            self?.handle(request)
        }
        // Every view model on the stack may speak: the detail page's like reports through the
        // list's view model, below it.
        subscription += Signal.merge(viewModel.errors, viewModel.notices)
            .observe(during: viewModel.lifetime) { [weak window] message in window?.showToast(message) }
        subscriptions[ObjectIdentifier(viewModel)] = subscription
        show(controller, forward: forward, below: stack.count - 1)
    }

    /// Puts `controller` (at `index` of the stack) on top: its page, its chrome, its activity.
    private func show(_ controller: any Controller, forward: Bool, below index: Int) {
        chrome?.unbind()
        chrome = nil
        pageNumber += 1
        window.show(page: controller.page, named: "page-\(pageNumber)", forward: forward)
        chrome = ChromeBinding(controller.chrome, of: controller.viewModel, on: window, canGoBack: index > 0)
        controller.viewModel.isActive = activity.screenIsActive
        controller.didShow()
    }

    /// The window closed: its dialogs close, and every screen ends.
    private func windowClosed() {
        confirmations.closeAll()
        chrome?.unbind()
        chrome = nil
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
