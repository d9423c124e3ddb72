import GtkReactive
import Reactive

/// The window's chrome as a screen wants it while it shows: the title, the header buttons and
/// menu items, its busy state and the back button. A controller declares it
/// (`Controller.chrome`); the navigator binds it while the screen is on top and unbinds it when
/// the screen leaves, so each part of the chrome has one owner.
@MainActor
public struct ScreenChrome {
    /// The window's title; nil for the view model's `title` (bound: a change shows).
    public var title: Property<String>?
    /// The screen's header buttons and menu items, in order within each place.
    public var items: [ChromeItem]
    /// Whether the screen is busy (reported as `AppWindow.isBusy`; nothing blocks the window:
    /// a screen shows its busy state itself, as 登录 does with its spinner).
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
