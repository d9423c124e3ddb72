import GtkReactive
import ViewModelKit

/// A screen's controller: it owns the screen's ViewManager and binds it to the view model. The
/// navigator shows its page, binds its `chrome` while it is on top, and tells it when it is shown.
@MainActor
public protocol Controller: AnyObject {
    /// The page the navigator shows.
    var page: Widget { get }
    /// The view model behind the page.
    var viewModel: ViewModel { get }
    /// The window's chrome while the page is on top: title, header buttons, menu items, busy
    /// state, back. Read when the page comes on top; its properties are bound from then on.
    var chrome: ScreenChrome { get }
    /// Which of the window's header buttons the page wants; the controller connected them itself.
    @available(*, deprecated, message: "declare `chrome` (ChromeItem with id fill, refresh or logout) instead")
    var headerButtons: HeaderButtons { get }
    /// The page came on screen (focus a field).
    func didShow()
}

/// The header bar's buttons a page uses (before `ScreenChrome`).
@available(*, deprecated, message: "declare `Controller.chrome` instead")
public struct HeaderButtons: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let fill = HeaderButtons(rawValue: 1)
    public static let refresh = HeaderButtons(rawValue: 2)
    /// The menu's 注销 item (the menu itself is always there).
    public static let logout = HeaderButtons(rawValue: 4)
    public static let back = HeaderButtons(rawValue: 8)
}

extension Controller {
    /// By default a page needs nothing when shown.
    public func didShow() {}

    /// By default, no header buttons of the old kind.
    @available(*, deprecated, message: "declare `chrome` instead")
    public var headerButtons: HeaderButtons { [] }

    /// By default, the chrome `headerButtons` asks for: the window's `fill`, `refresh` (with
    /// its shortcut F5 or Ctrl+R) and `logout` widgets, shown while the page is on top, their
    /// clicks left to the controller, which connects them (as before `ScreenChrome`).
    public var chrome: ScreenChrome { ScreenChrome(legacy: self) }
}

extension ScreenChrome {
    /// The chrome of a controller that declares `headerButtons`.
    @available(*, deprecated, message: "for controllers that declare headerButtons")
    init(legacy controller: some Controller) {
        let buttons = controller.headerButtons
        var items: [ChromeItem] = []
        if buttons.contains(.fill) { items.append(.slot("fill", .headerEnd)) }
        if buttons.contains(.refresh) { items.append(.slot("refresh", .headerEnd, accelerator: "F5|<Control>r")) }
        if buttons.contains(.logout) { items.append(.slot("logout", .menu)) }
        self.init(items: items)
    }
}

extension ChromeItem {
    /// The window's widget `id`, shown, its clicks left to the controller.
    static func slot(_ id: String, _ place: Place, accelerator: String? = nil) -> ChromeItem {
        ChromeItem(id: id, place: place, label: nil, icon: nil, accessibleName: nil, accelerator: accelerator, press: .none)
    }
}
