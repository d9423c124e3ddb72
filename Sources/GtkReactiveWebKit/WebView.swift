import CGtk
import CWebKit
import GtkReactive
import Reactive
import ViewModelKit

/// A `WebKitWebView` (WebKitGTK 6): a page by URI, its title, load progress and whether it is
/// loading (as `reactive` producers), and a navigation policy that answers every navigation the
/// page asks for (`setNavigationPolicy`). WebKit runs the page in processes of its own; this
/// process only shows it.
///
/// GtkReactiveWebKit is a framework module only plugins compile (meson-helpers/build-plugins.sh,
/// a plugin's `build.conf`): nothing the app links imports it, so the app runs without WebKit.
open class WebView: Widget {
    override open class var gtkType: GType { webkit_web_view_get_type() }

    /// Registers `WebKitWebView` with GObject's type system, so a `.ui` file can name the class.
    /// Call it before loading such a layout.
    public static func registerType() { _ = webkit_web_view_get_type() }

    /// A new web view showing nothing.
    public convenience init() { self.init(webkit_web_view_new()) }

    /// The view as WebKit's functions take it.
    var view: UnsafeMutablePointer<WebKitWebView> {
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: WebKitWebView.self)
    }

    /// Loads `uri` (the navigation policy is asked first, as for any navigation).
    public func load(uri: String) { webkit_web_view_load_uri(view, uri) }

    /// Stops the load under way, if any.
    public func stopLoading() { webkit_web_view_stop_loading(view) }

    /// The page's title (its `<title>`), empty while it has none.
    public var title: String { webkit_web_view_get_title(view).map { String(cString: $0) } ?? "" }

    /// The URI of the page shown (or loading), empty before the first load.
    public var uri: String { webkit_web_view_get_uri(view).map { String(cString: $0) } ?? "" }

    /// WebKit's estimate of how much of the page has loaded, from 0 to 1.
    public var estimatedLoadProgress: Double { webkit_web_view_get_estimated_load_progress(view) }

    /// Whether a page is loading.
    public var isLoading: Bool { webkit_web_view_is_loading(view) != 0 }

    /// Whether pages may run JavaScript (WebKit's default: they may).
    public var allowsJavaScript: Bool {
        get { webkit_settings_get_enable_javascript(webkit_web_view_get_settings(view)) != 0 }
        set { webkit_settings_set_enable_javascript(webkit_web_view_get_settings(view), newValue ? 1 : 0) }
    }

    /// Answers each navigation the view asks about (links, redirects, frames, `window.open`)
    /// with `decide`, in place of any earlier policy set through this wrapper; a refused
    /// navigation leaves the page as it was. Responses (whether to show or download a document)
    /// keep WebKit's default. `decide` lives as long as the GTK widget: capture owners weakly.
    public func setNavigationPolicy(_ decide: @escaping @MainActor (WebNavigation) -> WebNavigation.Answer) {
        handlers.decide = decide
    }

    /// Runs `report` when a load fails (the network, a missing file, a refused navigation's
    /// interruption: `WebLoadFailure.isInterruption`), in place of any earlier one.
    public func onLoadFailure(_ report: @escaping @MainActor (WebLoadFailure) -> Void) {
        handlers.loadFailed = report
    }

    /// Answers every navigation with `decide`, given `owner` (held weakly: the screen's
    /// controller); once `owner` is gone every navigation is refused.
    public func setNavigationPolicy<Owner: LifetimeOwning>(
        with owner: Owner, _ decide: @escaping @MainActor (Owner, WebNavigation) -> WebNavigation.Answer
    ) {
        setNavigationPolicy { [weak owner] navigation in owner.map { decide($0, navigation) } ?? .refuse }
    }

    /// Runs `report` with `owner` (held weakly) when a load fails, while `owner` lives.
    public func onLoadFailure<Owner: LifetimeOwning>(
        with owner: Owner, _ report: @escaping @MainActor (Owner, WebLoadFailure) -> Void
    ) {
        onLoadFailure { [weak owner] failure in if let owner { report(owner, failure) } }
    }

    /// The handlers of this wrapper, connected on first use.
    private lazy var handlers: WebViewHandlers = WebViewHandlers.connected(to: UnsafeMutableRawPointer(pointer))
}
