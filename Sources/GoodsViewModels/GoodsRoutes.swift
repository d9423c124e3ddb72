import GoodsDomain
import ViewModelKit

/// The app's screens as typed routes, shared by the view models that open them, the app router
/// that registers the built-in ones and the plugins that provide the others (`detail`). A view
/// model names its successor by key and never builds it.
public enum GoodsRoutes {
    /// The data has opened: the app router builds the services over the store, then shows the
    /// login (the start screen's successor).
    public static let opened = RouteKey<GoodsStore>("app.opened")
    /// The login screen (after opening, after logout).
    public static let login = RouteKey<Void>("app.login")
    /// The goods list of the account that just logged in.
    public static let list = RouteKey<Account>("goods.list")
    /// A row's detail page, given the row's own view model (so a like there is the row's like);
    /// provided by the goods-detail plugin.
    public static let detail = RouteKey<GoodsItemViewModel>("goods.detail")
    /// An in-app web page (a banner's link), provided by the web plugin; without it, banners
    /// open web addresses in the desktop's browser (`GoodsViewModel.openBanner`).
    public static let web = RouteKey<WebPage>("web.page")
}
