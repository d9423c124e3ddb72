import GtkReactive
import Reactive

/// The window's chrome as a screen wants it while it is on top: the title, the header buttons
/// and menu items, the "Loading..." HUD and the back button. A controller declares it
/// (`Controller.chrome`); the navigator binds it while the screen is on top and unbinds it when
/// the screen leaves, so each part of the chrome has one owner.
@MainActor
public struct ScreenChrome {
    /// The window's title; nil for the view model's `title` (bound: a change shows).
    public var title: Property<String>?
    /// The screen's header buttons and menu items, in order within each place.
    public var items: [ChromeItem]
    /// Whether the blocking "Loading..." HUD shows (and the pages take no input).
    public var isBusy: Property<Bool>
    /// Whether the back button shows when the screen is not the first one.
    public var showsBack: Bool

    public init(
        title: Property<String>? = nil, items: [ChromeItem] = [], isBusy: Property<Bool> = Property(value: false),
        showsBack: Bool = true
    ) {
        self.title = title
        self.items = items
        self.isBusy = isBusy
        self.showsBack = showsBack
    }

    /// The item with `id`, if declared.
    public func item(_ id: String) -> ChromeItem? { items.first { $0.id == id } }
}
