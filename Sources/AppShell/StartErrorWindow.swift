import GtkReactive
import Reactive
import ViewModelKit

/// The window a start-up error shows, from `start-error.ui`: the app could not start (`title`),
/// why (the same message as on standard error), and a button to quit. A user who launched the
/// app from the desktop sees why nothing else opened; closing it (or quitting) ends the application.
@MainActor
public final class StartErrorWindow {
    /// The loaded `start-error.ui`; the widgets below live as long as it.
    public let layout: StartErrorLayout
    public let window: Window
    /// The title, the message and the quit button.
    public let status: StatusPage
    public let quit: Button

    /// Ends when the window closes.
    public var lifetime: Lifetime { window.lifetime }

    /// A window for `application` headed `title` (GoodsDesk 无法启动), saying `message`, with a
    /// button labelled `quitLabel` (退出), in the app's words.
    public init(title: String, message: String, quitLabel: String, application: Application?) {
        layout = StartErrorLayout()
        window = Window(toplevel: layout.window.pointer)
        window.setApplication(application?.pointer)
        window.title = title
        status = layout.status
        quit = layout.quit
        status.title = title
        quit.label = quitLabel
        status.descriptionText = message
        quit.reactive.clicked.startObserving(during: window.lifetime) { [weak window] in window?.close() }
    }

    /// Shows the window (raises it when shown already).
    public func present() { window.present() }
}
