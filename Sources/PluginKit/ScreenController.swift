import GtkReactive
import Reactive
import ViewModelKit

/// The one base of every screen's controller: it holds the view model (`model`), the screen's
/// widgets (`view`, a `ScreenView`: a ViewManager, or a typed layout for a trivial screen) and the
/// window's services (`context`), and binds the two in `bind()`, which its init calls once. The
/// navigator shows `page`, binds `chrome` while the screen is on top and calls `didShow()` each
/// time it comes on screen.
///
/// ```swift
/// final class EchoController: ScreenController<EchoViewModel, EchoLayout> {
///     override func bind() {
///         view.message.reactive.text <~> model.text
///         view.send.reactive.clicked.observe(with: self) { $0.model.sendNow() }
///     }
/// }
/// ```
///
/// A controller is `LifetimeOwning` with the view's lifetime: what `bind()` observes
/// `with: self` hands the controller to its closure without keeping it alive, and ends when the
/// screen leaves, as every binding made through the view's widgets does. Registered with
/// `PluginRegistry.registerScreen(_:route:model:)` (or `registerScreen(_:)` for a view model
/// shown as it is), which makes it with `init(_:context:)`.
@MainActor
open class ScreenController<Model: ViewModel, View: ScreenView>: Controller, LifetimeOwning {
    /// The view model the screen shows.
    public let model: Model
    /// The screen's widgets, their binding targets and events.
    public let view: View
    /// What the screen may use of the window around it (toasts, links, the window for dialogs),
    /// where pictures are, and the navigator.
    public let context: ScreenContext

    /// A controller showing `model` in a new `View`, bound by `bind()`.
    public required init(_ model: Model, context: ScreenContext) {
        self.model = model
        self.context = context
        view = View()
        bind()
    }

    /// Binds `view` to `model`, once, as the controller is made. Override it (calling `super`
    /// is not needed): every binding and observation of the screen goes here.
    open func bind() {}

    /// The window's chrome while the screen is on top; none by default (the title is the model's).
    /// Read each time the screen comes on top.
    open var chrome: ScreenChrome { ScreenChrome() }

    /// The page came on screen: focus a field, load the first page.
    open func didShow() {}

    /// The view's: ends when the screen leaves (its view is released).
    public var lifetime: Lifetime { view.lifetime }

    /// The page the navigator shows: the view's (a screen made of two views may show another).
    open var page: Widget { view.page }

    /// The view model, as the navigator sees it.
    public var viewModel: ViewModel { model }
}
