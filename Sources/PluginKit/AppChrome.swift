import GtkReactive
import Reactive

/// What a screen may use of the window around it: its lifetime and focus, the toast, the
/// desktop's URI handler, and the window itself (to put a dialog over it). Controllers (built-in
/// or from plugins) get it instead of the window; the header buttons, menu items, title, busy
/// state and back button they declare in `Controller.chrome`, which the navigator binds.
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
}
