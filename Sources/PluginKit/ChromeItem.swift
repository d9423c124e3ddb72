import GtkReactive

/// A button of the window's chrome that a screen declares: in the header bar or in the header
/// menu, shown while the screen is on top. The navigator makes it (or uses the window's own
/// widget for it, when the window has a slot of that id) and binds it; the screen never sees
/// the window.
///
/// ```swift
/// ChromeItem(id: "refresh", place: .headerEnd, icon: "view-refresh-symbolic",
///            accessibleName: model.refreshName, accelerator: "F5|<Control>r", action: CocoaAction(model.refresh))
/// ```
@MainActor
public struct ChromeItem {
    /// Where the item goes.
    public enum Place: Sendable {
        /// The header bar's start, after the back button.
        case headerStart
        /// The header bar's end, before the menu button.
        case headerEnd
        /// The header menu, after the window's own items and before the app's actions.
        case menu
    }

    /// What a press does.
    enum Press {
        /// Runs a `CocoaAction`: the button's sensitivity and busy state follow it too.
        case action(CocoaAction<Button>)
        /// Runs a closure.
        case perform(@MainActor () -> Void)
        /// Nothing the navigator binds: a controller of the `HeaderButtons` days connects the
        /// window's widget itself.
        case none
    }

    /// The item's id. An id the window has a slot for (GoodsDesk: `fill`, `refresh`, `logout`)
    /// uses the window's widget, which keeps its place, look and accessible name; other ids get
    /// a new button.
    public let id: String
    public let place: Place
    /// The button's text (a button gets a label or an icon).
    public let label: String?
    /// The button's icon name (`view-refresh-symbolic`), for a button without a label.
    public let icon: String?
    /// What screen readers announce; the label when nil.
    public let accessibleName: String?
    /// A GTK trigger string (`F5|<Control>r`): pressing it anywhere in the window presses the
    /// item, while it is shown and enabled.
    public let accelerator: String?
    let press: Press
    /// The screen's own widget, for an item that is one rather than a button (a search entry,
    /// see `init(id:place:widget:accessibleName:accelerator:)`).
    public let widget: Widget?

    /// An item that runs `action`: the button is enabled while the action is, and busy while it runs.
    public init(
        id: String, place: Place, label: String? = nil, icon: String? = nil, accessibleName: String? = nil,
        accelerator: String? = nil, action: CocoaAction<Button>
    ) {
        self.init(id: id, place: place, label: label, icon: icon, accessibleName: accessibleName,
                  accelerator: accelerator, press: .action(action))
    }

    /// An item that runs `perform` on each press (`{ [weak model] in model?.fill() }`).
    public init(
        id: String, place: Place, label: String? = nil, icon: String? = nil, accessibleName: String? = nil,
        accelerator: String? = nil, perform: @escaping @MainActor () -> Void
    ) {
        self.init(id: id, place: place, label: label, icon: icon, accessibleName: accessibleName,
                  accelerator: accelerator, press: .perform(perform))
    }

    /// The screen's own `widget` in the header bar (`.headerStart` or `.headerEnd`; `.menu`
    /// puts it at the end too), such as a search entry: the navigator shows it there while the
    /// screen is on top and takes it back after. `accelerator` gives the widget the keyboard
    /// focus from anywhere in the window (Ctrl+F for a search entry).
    public init(id: String, place: Place, widget: Widget, accessibleName: String? = nil, accelerator: String? = nil) {
        self.init(id: id, place: place, label: nil, icon: nil, accessibleName: accessibleName,
                  accelerator: accelerator, press: .none, widget: widget)
    }

    init(
        id: String, place: Place, label: String?, icon: String?, accessibleName: String?, accelerator: String?, press: Press,
        widget: Widget? = nil
    ) {
        self.widget = widget
        self.id = id
        self.place = place
        self.label = label
        self.icon = icon
        self.accessibleName = accessibleName
        self.accelerator = accelerator
        self.press = press
    }

    /// Runs what a press runs, as the navigator does for `button` (tests use it too).
    public func perform(from button: Button) {
        switch press {
        case let .action(action): action.execute(button)
        case let .perform(perform): perform()
        case .none: break
        }
    }

    /// The action a press runs, if the item was made with one.
    public var action: CocoaAction<Button>? {
        if case let .action(action) = press { action } else { nil }
    }

    /// Whether the navigator binds presses (false for the items derived from `HeaderButtons`,
    /// whose controllers connect the window's widgets themselves).
    public var isBound: Bool {
        if case .none = press { false } else { true }
    }
}
