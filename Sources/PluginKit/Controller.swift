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
    /// A screen that wants nothing of the chrome declares `ScreenChrome()`.
    var chrome: ScreenChrome { get }
    /// The page came on screen (focus a field).
    func didShow()
}

extension Controller {
    /// By default a page needs nothing when shown.
    public func didShow() {}
}
