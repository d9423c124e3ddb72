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

    // MARK: The row's pages (the demo's seller, place and comment list)

    /// The goods a seller lists, titled with their nickname (a row's avatar and nickname).
    public static let seller = RouteKey<Seller>("goods.seller")
    /// The goods at a place, titled with the place (a row's place).
    public static let place = RouteKey<String>("goods.place")
    /// An item's comments, 商品N的评论列表, given the row's own view model so a comment added
    /// there raises the row's count (a row's reply button).
    public static let comments = RouteKey<GoodsItemViewModel>("goods.comments")

    // MARK: Pages plugins provide

    /// An in-app web page (a banner's link), provided by the web plugin; without it, banners
    /// open web addresses in the desktop's browser (`GoodsViewModel.openBanner`).
    public static let web = RouteKey<WebPage>("web.page")
}
