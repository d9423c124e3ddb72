import CGtk
import Foundation
import GtkReactive
import GtkShim
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
    /// Whether the window is active: the top screen's view model is active only while it is.
    private var windowIsActive = true
    private var subscriptions: [ObjectIdentifier: any Disposable] = [:]
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
        window.back.events("clicked", during: window.lifetime)
            .observeValues { [weak self] in MainActor.assumeIsolated { self?.handle(.pop) } }
        window.lifetime.observeEnded { [weak self] in
            MainActor.assumeIsolated { self?.retire(0..<(self?.stack.count ?? 0)) }
        }
        window.isActive.skipRepeats().take(during: window.lifetime).startWithValues { [weak self] active in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.windowIsActive = active
                self.top?.viewModel.isActive = active
            }
        }
    }

    isolated deinit { retire(stack.indices) }

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
            show(stack[stack.count - 2], forward: false)
            retire((stack.count - 1)..<stack.count)
        case let .confirm(request):
            confirm(request)
        }
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
        gtk_widget_set_visible(window.back.pointer, 0)
    }

    private func push(_ controller: any Controller, forward: Bool) {
        stack.last?.viewModel.isActive = false
        stack.append(controller)
        let viewModel = controller.viewModel
        subscriptions[ObjectIdentifier(viewModel)] = viewModel.navigation.observeValues { [weak self] request in
            MainActor.assumeIsolated { self?.handle(request) }
        }
        show(controller, forward: forward)
    }

    private func show(_ controller: any Controller, forward: Bool) {
        // A HUD belongs to the page that raised it.
        window.setBusy(false)
        pageNumber += 1
        window.show(page: controller.page, named: "page-\(pageNumber)", forward: forward)
        let buttons = controller.headerButtons
        gtk_widget_set_visible(window.fill.pointer, buttons.contains(.fill) ? 1 : 0)
        gtk_widget_set_visible(window.refresh.pointer, buttons.contains(.refresh) ? 1 : 0)
        gtk_widget_set_visible(window.logout.pointer, buttons.contains(.logout) ? 1 : 0)
        gtk_widget_set_visible(window.back.pointer, stack.count > 1 ? 1 : 0)
        gtk_window_set_title(goods_window(window.window.raw), controller.viewModel.title.value)
        controller.viewModel.isActive = windowIsActive
        controller.didShow()
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

    private func confirm(_ request: ConfirmationRequest) {
        // The titles a view model leaves out are the app's: ViewModelKit holds no text.
        let built = goods_confirm_new(goods_window(window.window.raw), request.message,
                                      request.confirmTitle ?? tr("确定"), request.cancelTitle ?? tr("取消"))
        let dialog = Widget(built.dialog)
        let lifetime = Lifetime.make()
        let close = WidgetPointer(dialog.pointer)
        let closeDialog: @MainActor () -> Void = { gtk_window_destroy(goods_window(close.pointer)) }
        Widget(built.confirm).events("clicked", during: lifetime.lifetime).observeValues { _ in
            MainActor.assumeIsolated {
                closeDialog()
                request.onConfirm()
            }
        }
        Widget(built.cancel).events("clicked", during: lifetime.lifetime).observeValues { _ in
            MainActor.assumeIsolated { closeDialog() }
        }
        // The dialog's own "destroy" ends its connections.
        let token = lifetime.token
        dialog.events("destroy", during: lifetime.lifetime).observeValues { _ in token.dispose() }
        gtk_window_present(goods_window(dialog.raw))
    }
}
