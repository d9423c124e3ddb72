import GtkReactive
import ViewModelKit

/// A convenient base for a screen's controller: its view model, its layout (a `.ui` file) and
/// the page in it. A subclass binds the layout's widgets to the model in its init and declares
/// its chrome:
///
/// ```swift
/// final class EchoController: ScreenController<EchoViewModel> {
///     init(_ model: EchoViewModel) {
///         super.init(model, layout: UILayout.loading("echo.ui", in: .module), page: "page")
///         layout[Entry.self, "message"].reactive.text <~> model.text
///     }
/// }
/// ```
///
/// Bindings made through `layout[…]` last as long as the layout, which lives as long as the
/// controller: when the screen leaves, they end.
@MainActor
open class ScreenController<Model: ViewModel>: Controller {
    /// The view model the screen shows.
    public let model: Model
    /// The screen's widgets, found by id (`layout[Label.self, "count"]`).
    public let layout: UILayout
    /// The page the navigator shows: the layout's object with the id given to `init`.
    public let page: Widget

    /// A controller showing `model` in `layout`'s object `page` (a stand-in, and a line in the
    /// log, when the layout has no such widget).
    public init(_ model: Model, layout: UILayout, page: String = "page") {
        self.model = model
        self.layout = layout
        self.page = layout[Widget.self, page]
    }

    /// The view model, as the navigator sees it.
    public var viewModel: ViewModel { model }

    /// The window's chrome while the screen is on top; none by default (the title is the model's).
    open var chrome: ScreenChrome { ScreenChrome() }

    /// The page came on screen: focus a field here.
    open func didShow() {}
}
