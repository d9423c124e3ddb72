import Foundation
import GtkReactive
import Localization
import PluginKit
import Reactive

/// The application window (`window.ui`): header bar, navigation stack, toast and the
/// "Loading..." HUD. It lays out and shows; the navigator decides what (a screen's chrome, its
/// page, the busy state), and it never touches a view model. Every widget is held by its layout
/// for as long as the window object lives, so nothing it does can reach a widget GTK has freed;
/// once the window has closed, its lifetime has ended and the chrome does nothing.
@MainActor
public final class AppWindow: AppChrome {
    /// The loaded `window.ui`: holds every widget of the window.
    let layout: UILayout
    public let window: Window
    public let back: Button
    public let fill: Button
    public let refresh: Button
    /// The primary menu button (F10), showing `actions.menu`.
    public let menu: MenuButton
    /// The 注销 slot: no widget on screen but what `win.logout` (the menu's 注销) presses, shown
    /// (so the action enabled) while the screen on top declares it.
    public let logout: Button
    /// The window's commands: actions, accelerators and the primary menu's items.
    public let actions: AppActions
    /// Declared header buttons without a slot, at the start (after back) and at the end.
    let headerStart: Box
    let headerEnd: Box
    let toast: Revealer
    let toastLabel: Label
    let hud: Box
    /// The navigation stack, which the HUD makes insensitive.
    let stack: Stack
    /// The app's menu items (menu actions), which stay after every screen's items: what their
    /// actions press.
    private(set) var appMenuItems: [Button] = []
    /// What the deprecated `setBusy` asks for; the navigator, the HUD's owner, shows it too.
    let requestedBusy = MutableProperty(false)
    private let toastTimer = SerialDisposable()

    /// The chrome slots `window.ui` declares: a declared item with one of these ids uses the
    /// window's widget (its place, look, accessible name).
    var slots: [String: Button] { ["fill": fill, "refresh": refresh, "logout": logout] }

    /// Ends when the window closes (its close button, `destroy()`), or when this is released.
    public var lifetime: Lifetime { window.lifetime }

    /// Whether the window is still open: false once it has closed.
    public var isOpen: Bool { !window.isDestroyed }

    /// A window for `application`; without one (tests), a window of no application.
    public init(application: Application?) {
        layout = UILayout.loading("window.ui", in: .module)
        window = Window(toplevel: layout[Window.self, "window"].pointer)
        window.setApplication(application?.pointer)
        back = layout[Button.self, "back"]
        fill = layout[Button.self, "fill"]
        refresh = layout[Button.self, "refresh"]
        menu = layout[MenuButton.self, "menu"]
        logout = Button(label: tr("注销"))
        logout.setAccessibleLabel(tr("注销"))
        logout.isVisible = false
        actions = AppActions(window: window, application: application, refresh: refresh, logout: logout)
        menu.isPrimary = true
        menu.setMenu(actions.menu)
        headerStart = layout[Box.self, "header_start"]
        headerEnd = layout[Box.self, "header_end"]
        toast = layout[Revealer.self, "toast"]
        toastLabel = layout[Label.self, "toast_label"]
        hud = layout[Box.self, "hud"]
        stack = layout[Stack.self, "stack"]
        window.lifetime += toastTimer
        // Until a navigator binds the HUD, the old `setBusy` shows it.
        hud.reactive.isVisible <~ requestedBusy
        stack.reactive.isSensitive <~ requestedBusy.negate()
    }

    isolated deinit { toastTimer.dispose() }

    /// Shows `message` in the toast, for as long as it takes to read (`toastDuration`).
    public func showToast(_ message: String) {
        guard isOpen else { return }
        toastLabel.text = message
        toast.revealsChild = true
        toastTimer.inner = SignalProducer<Void, Never>(value: ())
            .delay(Self.toastDuration(of: message), on: MainLoopScheduler.shared)
            .startObserving(during: lifetime) { [weak self] in self?.toast.revealsChild = false }
    }

    /// How long a toast stays: two seconds, and time to read a longer message (a read-only
    /// store's reason), at most ten.
    static func toastDuration(of message: String) -> Duration {
        .milliseconds(min(10_000, 2_000 + max(0, message.count - 12) * 120))
    }

    /// Shows or hides the blocking "Loading..." HUD for the screen on top, with whatever busy
    /// state its chrome declares; the next screen starts without it.
    @available(*, deprecated, message: "declare ScreenChrome.isBusy in Controller.chrome")
    public func setBusy(_ busy: Bool) {
        guard isOpen else { return }
        requestedBusy.value = busy
    }

    /// Shows `page` on the navigation stack (adding it under `name` if it is new), sliding
    /// forward or back.
    public func show(page: Widget, named name: String, forward: Bool = true) {
        guard isOpen else { return }
        if !stack.contains(page) { stack.add(page, named: name) }
        stack.transition = forward ? .slideLeft : .slideRight
        stack.showChild(page)
    }

    /// Takes `page` off the navigation stack.
    public func remove(page: Widget) {
        if stack.contains(page) { stack.remove(page) }
    }

    public func present() {
        guard isOpen else { return }
        window.present()
    }

    /// Whether the "Loading..." HUD is showing.
    public var isBusy: Bool { hud.isVisible }

    /// The text the toast shows (or showed last).
    public var toastText: String { toastLabel.text }

    /// Destroys the window (as its close button does).
    public func destroy() {
        guard isOpen else { return }
        window.destroy()
    }

    /// Adds an item to the primary menu's section of the app's actions, after every other, with
    /// `accelerator` (a GTK trigger string, `F5|<Control>r`); returns what its action presses: a
    /// button (on no screen) whose "clicked" the caller connects. Clicking it runs the item too.
    public func addMenuItem(_ title: String, accelerator: String? = nil) -> Widget {
        addMenuItem(title, id: title, accelerator: accelerator)
    }

    /// `addMenuItem(_:accelerator:)` for an item with an id of its own (an `AppAction`'s), which
    /// names its action (`win.action-<id>`).
    @discardableResult
    public func addMenuItem(_ title: String, id: String, accelerator: String? = nil) -> Button {
        let item = makeMenuItem(title)
        appMenuItems.append(item)
        actions.add(title, id: id, in: .app, accelerator: accelerator, pressing: item)
        return item
    }

    /// What a menu item's action presses: a button on no screen, labelled and named `title`,
    /// whose sensitivity the action follows.
    func makeMenuItem(_ title: String) -> Button {
        let item = Button(label: title)
        item.setAccessibleLabel(title)
        return item
    }

    /// A header button for a declared item without a slot: its label, else its icon.
    func makeHeaderButton(label: String?, icon: String?) -> Button {
        if let label { return Button(label: label) }
        return Button(iconName: icon ?? "image-missing-symbolic")
    }

    /// Closes the primary menu (choosing an item closes it by itself).
    public func closeMenu() {
        guard isOpen else { return }
        menu.popdown()
    }

    // MARK: AppChrome

    @available(*, deprecated, message: "declare ChromeItem(id: \"fill\", …) in Controller.chrome")
    public var fillButton: Widget { fill }
    @available(*, deprecated, message: "declare ChromeItem(id: \"refresh\", …) in Controller.chrome")
    public var refreshButton: Widget { refresh }
    @available(*, deprecated, message: "declare ChromeItem(id: \"logout\", …) in Controller.chrome")
    public var logoutItem: Widget { logout }
    public var windowWidget: Widget { window }
    public var isActive: SignalProducer<Bool, Never> { window.reactive.isActive }
    /// Opens a web link in the user's browser: `http`/`https` only (`WebAddressPolicy`); anything
    /// else (`file:`, `javascript:`, custom schemes) is ignored with a line on standard error.
    public func open(uri: String) {
        guard isOpen else { return }
        guard WebAddressPolicy.openableLink(uri) != nil else {
            FileHandle.standardError.write(Data("GoodsDesk: link \"\(uri)\" ignored: only http and https links are opened\n".utf8))
            return
        }
        WebLink.open(uri, over: window)
    }
}
