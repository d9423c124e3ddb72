import GtkReactive
import Reactive

/// What a screen may use of the window around it: its lifetime and focus, the toast, the
/// desktop's URI handler, and the window itself (to put a dialog over it). Controllers (built-in
/// or from plugins) get it instead of the window; the header buttons, title, busy state and back button
/// they declare in `Controller.chrome`, which the navigator binds.
@MainActor
public protocol AppChrome: AnyObject, Sendable {
    /// The window itself, for dialogs.
    var windowWidget: Widget { get }
    /// Ends when the window closes or is released.
    var lifetime: Lifetime { get }
    /// Whether the window is the active one (focused), starting with the current state.
    var isActive: SignalProducer<Bool, Never> { get }
    /// Shows `message` briefly (a toast).
    func showToast(_ message: String)
    /// Opens a web link in the user's browser.
    func open(uri: String)

    /// The header bar's 填充 button.
    @available(*, deprecated, message: "declare ChromeItem(id: \"fill\", …) in Controller.chrome")
    var fillButton: Widget { get }
    /// The header bar's refresh button.
    @available(*, deprecated, message: "declare ChromeItem(id: \"refresh\", …) in Controller.chrome")
    var refreshButton: Widget { get }
    /// The header menu's 注销 item.
    @available(*, deprecated, message: "declare ChromeItem(id: \"logout\", …) in Controller.chrome")
    var logoutItem: Widget { get }
    /// Once showed the "Loading..." HUD; now only reported as busy (there is no HUD).
    @available(*, deprecated, message: "declare ScreenChrome.isBusy in Controller.chrome")
    func setBusy(_ busy: Bool)
    /// Closes the header menu.
    @available(*, deprecated, message: "menu items declared in Controller.chrome close the menu themselves")
    func closeMenu()
}

extension AppChrome {
    // Defaults for chromes written after ScreenChrome: the old members do nothing.

    @available(*, deprecated, message: "declare ChromeItem(id: \"fill\", …) in Controller.chrome")
    public var fillButton: Widget { Button(label: "") }
    @available(*, deprecated, message: "declare ChromeItem(id: \"refresh\", …) in Controller.chrome")
    public var refreshButton: Widget { Button(label: "") }
    @available(*, deprecated, message: "declare ChromeItem(id: \"logout\", …) in Controller.chrome")
    public var logoutItem: Widget { Button(label: "") }
    @available(*, deprecated, message: "declare ScreenChrome.isBusy in Controller.chrome")
    public func setBusy(_ busy: Bool) {}
    @available(*, deprecated, message: "menu items declared in Controller.chrome close the menu themselves")
    public func closeMenu() {}
}
