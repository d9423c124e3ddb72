import GtkReactive

/// What an app tells the window shell about itself: its primary menu, its keyboard shortcuts
/// window, the widgets its screens' chrome items may use (slots), the keys no screen may take,
/// and the shell's few words in the app's language. The shell holds no text and no menu of its
/// own, so any app gets its own.
@MainActor
public struct ShellOptions {
    /// The primary menu (F10) and the two sections the shell fills: the screen on top's items
    /// (`screenItems`) and the plugins' actions (`appItems`). The app's other items name the
    /// shell's actions (`win.close`, `app.quit`, `win.show-help-overlay`) and its slots' (`win.<id>`).
    public var menu: ShellMenu
    /// Makes the keyboard shortcuts window each time it is asked for (Ctrl+?); nil for none.
    public var shortcutsWindow: (@MainActor () -> ShortcutsWindow?)?
    /// The app's chrome slots: window widgets that a screen's item of the same id uses, shown
    /// while that screen is on top.
    public var slots: [ChromeSlot]
    /// Accelerators kept for one use (GoodsDesk: Ctrl+F for search), with why: no action gets them.
    public var reservedAccelerators: [String: String]
    public var texts: ShellTexts

    public init(
        menu: ShellMenu, shortcutsWindow: (@MainActor () -> ShortcutsWindow?)? = nil, slots: [ChromeSlot] = [],
        reservedAccelerators: [String: String] = [:], texts: ShellTexts = ShellTexts()
    ) {
        self.menu = menu
        self.shortcutsWindow = shortcutsWindow
        self.slots = slots
        self.reservedAccelerators = reservedAccelerators
        self.texts = texts
    }
}

/// The primary menu and the sections of it the shell fills.
@MainActor
public struct ShellMenu {
    public let primary: Menu
    public let screenItems: Menu
    public let appItems: Menu

    public init(primary: Menu, screenItems: Menu, appItems: Menu) {
        self.primary = primary
        self.screenItems = screenItems
        self.appItems = appItems
    }

    /// A menu of only the two sections (an app without a menu of its own; tests).
    public static func plain() -> ShellMenu {
        let primary = Menu(), screen = Menu(), app = Menu()
        primary.appendSection(screen)
        primary.appendSection(app)
        return ShellMenu(primary: primary, screenItems: screen, appItems: app)
    }
}

/// A shortcuts window the app made, with what holds its widgets (its layout) while it shows.
@MainActor
public struct ShortcutsWindow {
    public let window: Window
    public let owner: AnyObject

    public init(window: Window, owner: AnyObject) {
        self.window = window
        self.owner = owner
    }
}

/// A widget of the window's header that screens share (GoodsDesk's 刷新, 填充): a screen's chrome
/// item with its `id` uses it — its place, look and accessible name — while that screen is on top.
/// A slot with an action (`isAction`) is also the window's action `win.<id>`, which the app's menu
/// may list and `accelerators` press, enabled exactly while a screen shows the slot.
public struct ChromeSlot: Sendable {
    public let id: String
    /// The button's text, or nil for an icon button.
    public let label: String?
    public let icon: String?
    /// What screen readers announce.
    public let accessibleName: String
    /// Whether the slot is a button in the header (else only an action, for the menu: 注销).
    public let isOnScreen: Bool
    /// Whether the slot is the window's action `win.<id>`.
    public let isAction: Bool
    /// The action's accelerators (`F5`, `<Control>r`).
    public let accelerators: [String]

    public init(
        id: String, label: String? = nil, icon: String? = nil, accessibleName: String, isOnScreen: Bool = true,
        isAction: Bool = false, accelerators: [String] = []
    ) {
        self.id = id
        self.label = label
        self.icon = icon
        self.accessibleName = accessibleName
        self.isOnScreen = isOnScreen
        self.isAction = isAction
        self.accelerators = accelerators
    }
}

/// The shell's words, in the app's language (English until the app gives its own).
public struct ShellTexts: Sendable {
    /// The back button's accessible name.
    public var back: String
    /// The primary menu button's accessible name.
    public var menu: String
    /// The toast for a route no plugin provides.
    public var missingRoute: @Sendable (_ route: String) -> String

    public init(
        back: String = "Back", menu: String = "Main Menu",
        missingRoute: @escaping @Sendable (String) -> String = { "No plugin provides this page (\($0))" }
    ) {
        self.back = back
        self.menu = menu
        self.missingRoute = missingRoute
    }
}
