import Reactive
import ViewModelKit

/// The widgets of one screen: its ViewManager (which owns the screen's typed layout and its
/// widget events), or, for a trivial screen, the typed layout itself (`extension EchoLayout:
/// ScreenView {}` when the file has an outlet `page`). A `ScreenController` makes one with
/// `init()` and shows its `page`; the screen's bindings last as long as its `lifetime`.
///
/// A view is a `LifetimeOwning`: its own widget events are observed `with: self`
/// (`scrollTop.reactive.clicked.observe(with: self) { $0.scrollToTop() }`), never with a
/// hand-written weak capture.
@MainActor
public protocol ScreenView: LifetimeOwning {
    /// The type of the page the navigator shows.
    associatedtype Page: Widget
    /// The page the navigator shows.
    var page: Page { get }
    /// A new copy of the screen's widgets. It never fails: a layout that does not load is
    /// logged and shows stand-ins (see `UILayout.loading`).
    init()
}
