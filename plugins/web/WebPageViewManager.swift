import GtkReactive
import GtkReactiveWebKit
import Reactive

/// The web page's widgets, from the plugin's `web-page.ui`: the progress bar, the web view and the
/// message shown in its place when the page is refused. It knows no view model.
@MainActor
final class WebPageViewManager: ScreenView {
    /// The loaded layout: it keeps the widgets, and its lifetime is the page's bindings'.
    private let layout: WebPageLayout
    /// The page the navigator shows (accessible name 网页).
    let page: Box
    /// The load's progress (accessible name 加载进度), shown while a page loads.
    let progress: ProgressBar
    /// The web view (WebKitGTK).
    let web: WebView
    /// Why the page does not load, in place of the web view.
    let refusal: Label

    /// Ends when the view manager is released.
    var lifetime: Lifetime { layout.lifetime }

    init() {
        WebView.registerType()
        let layout = WebPageLayout()
        self.layout = layout
        page = layout.page
        progress = layout.progress
        web = layout.web
        refusal = layout.refusal
    }

    /// The refusal's text; the web view shows while it is empty, the text in its place otherwise.
    var refusalText: BindingTarget<String> {
        let web = self.web
        return refusal.reactive.makeBindingTarget("label") { label, text in
            label.text = text
            label.isVisible = !text.isEmpty
            web.isVisible = text.isEmpty
        }
    }
}
