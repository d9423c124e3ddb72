import GtkReactive
import Reactive

/// What a screen may use of the window around it: the header bar's shared buttons, the toast,
/// the "Loading..." HUD and the desktop's URI handler. Controllers (built-in or from plugins)
/// get it instead of the window itself.
@MainActor
public protocol AppChrome: AnyObject, Sendable {
    /// A shared header button (`.fill`, `.refresh`; `.logout` is the menu's 注销 item).
    var fillButton: Widget { get }
    var refreshButton: Widget { get }
    var logoutItem: Widget { get }
    /// The window itself, for dialogs.
    var windowWidget: Widget { get }
    /// Ends when the window is released.
    var lifetime: Lifetime { get }
    /// Whether the window is the active one (focused), starting with the current state.
    var isActive: SignalProducer<Bool, Never> { get }
    func showToast(_ message: String)
    func setBusy(_ busy: Bool)
    func closeMenu()
    func open(uri: String)
}
