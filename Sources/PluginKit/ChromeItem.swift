import GtkReactive
import ViewModelKit

/// A button of the window's chrome that a screen declares: in the header bar or in the header
/// menu, shown while the screen is on top. The navigator makes it (or uses a widget of the
/// window's own for it, when the window has one for that id) and binds it; the screen never sees
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
    }

    /// The item's id, unique within the screen's chrome. A window may keep a widget of its own
    /// for an id (a button its layout places, or one its own action presses): an item with that
    /// id uses it, keeping its place, look and accessible name; any other id gets a new button.
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
    /// What a press does; nil for an item that is the screen's own widget.
    let press: Press?
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

    /// An item that runs `perform` with `owner` (held weakly: the screen's controller or view
    /// model) on each press; a press once `owner` is gone does nothing
    /// (`ChromeItem(id: "fill", place: .headerEnd, label: "Fill", with: self) { $0.model.fill() }`).
    public init<Owner: LifetimeOwning>(
        id: String, place: Place, label: String? = nil, icon: String? = nil, accessibleName: String? = nil,
        accelerator: String? = nil, with owner: Owner, perform: @escaping @MainActor (Owner) -> Void
    ) {
        self.init(id: id, place: place, label: label, icon: icon, accessibleName: accessibleName,
                  accelerator: accelerator, press: .perform { [weak owner] in if let owner { perform(owner) } })
    }

    /// The screen's own `widget` in the header bar (`.headerStart` or `.headerEnd`; `.menu`
    /// puts it at the end too), such as a search entry: the navigator shows it there while the
    /// screen is on top and takes it back after. `accelerator` gives the widget the keyboard
    /// focus from anywhere in the window (Ctrl+F for a search entry).
    public init(id: String, place: Place, widget: Widget, accessibleName: String? = nil, accelerator: String? = nil) {
        self.init(id: id, place: place, label: nil, icon: nil, accessibleName: accessibleName,
                  accelerator: accelerator, press: nil, widget: widget)
    }

    init(
        id: String, place: Place, label: String?, icon: String?, accessibleName: String?, accelerator: String?, press: Press?,
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
        case nil: break
        }
    }

    /// The action a press runs, if the item was made with one.
    public var action: CocoaAction<Button>? {
        if case let .action(action) = press { action } else { nil }
    }
}
