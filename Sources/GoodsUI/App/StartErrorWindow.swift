import GtkReactive
import Localization
import Reactive
import ViewModelKit

/// The window a start-up error shows, from `start-error.ui`: GoodsDesk could not start, why (the
/// same message as on standard error), and 退出. A user who launched GoodsDesk from the desktop
/// sees why nothing else opened; closing it (or 退出) ends the application.
@MainActor
public final class StartErrorWindow {
    /// The loaded `start-error.ui`; the widgets below live as long as it.
    public let layout: StartErrorLayout
    public let window: Window
    /// The title (GoodsDesk 无法启动), the message and 退出.
    public let status: StatusPage
    public let quit: Button

    /// Ends when the window closes.
    public var lifetime: Lifetime { window.lifetime }

    /// A window for `application` saying `message`.
    public init(message: String, application: Application?) {
        layout = StartErrorLayout()
        window = Window(toplevel: layout.window.pointer)
        window.setApplication(application?.pointer)
        status = layout.status
        quit = layout.quit
        status.descriptionText = message
        quit.reactive.clicked.startObserving(during: window.lifetime) { [weak window] in window?.close() }
    }

    /// Shows the window (raises it when shown already).
    public func present() { window.present() }
}
