import CGtk
import CWebKit
import GtkReactive
import Reactive

extension ReactiveWidget where Base: WebView {
    /// The page's title: now, then at each change (empty while it has none).
    public var title: SignalProducer<String, Never> {
        property("title") { widget in WebView.text(webkit_web_view_get_title(WebView.view(widget))) }
    }

    /// The URI shown: now, then at each change (a link followed, a redirect).
    public var uri: SignalProducer<String, Never> {
        property("uri") { widget in WebView.text(webkit_web_view_get_uri(WebView.view(widget))) }
    }

    /// WebKit's estimate of the load's progress, 0 to 1: now, then at each change.
    public var estimatedLoadProgress: SignalProducer<Double, Never> {
        property("estimated-load-progress") { widget in webkit_web_view_get_estimated_load_progress(WebView.view(widget)) }
    }

    /// Whether a page is loading: now, then at each change.
    public var isLoading: SignalProducer<Bool, Never> {
        property("is-loading") { widget in webkit_web_view_is_loading(WebView.view(widget)) != 0 }
    }
}

extension WebView {
    /// `widget` as WebKit's functions take it.
    static func view(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<WebKitWebView> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: WebKitWebView.self)
    }

    /// A C string WebKit returns (nil: empty).
    static func text(_ string: UnsafePointer<CChar>?) -> String { string.map { String(cString: $0) } ?? "" }
}
