import GtkReactive
import ViewModelKit

/// A screen's controller: it owns the screen's ViewManager and binds it to the view model. The
/// navigator shows its page and tells it when it is on or off screen.
@MainActor
public protocol Controller: AnyObject {
    /// The page the navigator shows.
    var page: Widget { get }
    /// The view model behind the page.
    var viewModel: ViewModel { get }
    /// Which header buttons the page wants.
    var headerButtons: HeaderButtons { get }
    /// The page came on screen (focus a field, start work).
    func didShow()
}

/// The header bar's buttons a page uses.
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
}
