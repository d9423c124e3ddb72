import GtkReactive
import ViewModelKit

/// A convenient base for a screen's controller: its view model, its layout (the typed layout
/// generated from its `.ui` file) and the page in it. A subclass binds the layout's outlets to
/// the model in its init and declares its chrome:
///
/// ```swift
/// final class EchoController: ScreenController<EchoViewModel, EchoLayout> {
///     init(_ model: EchoViewModel) {
///         super.init(model, layout: EchoLayout(), page: \.page)
///         layout.message.reactive.text <~> model.text
///     }
/// }
/// ```
///
/// Bindings made through the layout's outlets last as long as the layout, which lives as long as
/// the controller: when the screen leaves, they end.
@MainActor
open class ScreenController<Model: ViewModel, Layout: TypedLayout>: Controller {
    /// The view model the screen shows.
    public let model: Model
    /// The screen's widgets, as the layout's typed outlets (`layout.count`).
    public let layout: Layout
    /// The page the navigator shows: the layout's outlet `page` names.
    public let page: Widget

    /// A controller showing `model` in `layout`'s widget `page` picks, an outlet's key path
    /// (`\.page`).
    public init<Page: Widget>(_ model: Model, layout: Layout, page: (Layout) -> Page) {
        self.model = model
        self.layout = layout
        self.page = page(layout)
    }

    /// The view model, as the navigator sees it.
    public var viewModel: ViewModel { model }

    /// The window's chrome while the screen is on top; none by default (the title is the model's).
    open var chrome: ScreenChrome { ScreenChrome() }

    /// The page came on screen: focus a field here.
    open func didShow() {}
}
