import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// Binds the web page's ViewManager to its view model: the web view's title, progress, address
/// and failures go to the view model, which decides every navigation; it binds, it does not compute.
@MainActor
final class WebPageController: Controller {
    let web: WebPageViewModel
    let view: WebPageViewManager
    var viewModel: ViewModel { web }
    var page: Widget { view.page }
    /// The pane's title is the page's (the view model's title); 关闭 and 在浏览器中打开 in the header.
    let chrome: ScreenChrome

    init(viewModel web: WebPageViewModel, context: ScreenContext) {
        self.web = web
        view = WebPageViewManager()
        let lifetime = view.lifetime
        let window = context.chrome

        view.web.setNavigationPolicy { [weak web] navigation in
            (web?.allowsNavigation(to: navigation.uri, newWindow: navigation.isNewWindow) ?? false) ? .allow : .refuse
        }
        view.web.onLoadFailure { [weak web] in web?.loadFailed(message: $0.message, isInterruption: $0.isInterruption) }
        view.web.reactive.title.startObserving(during: lifetime) { [weak web] in web?.pageTitleChanged($0) }
        view.web.reactive.estimatedLoadProgress.startObserving(during: lifetime) { [weak web] in web?.progressChanged($0) }
        view.web.reactive.isLoading.startObserving(during: lifetime) { [weak web] in web?.loadingChanged($0) }
        view.web.reactive.uri.startObserving(during: lifetime) { [weak web] in web?.addressChanged($0) }
        web.browserLinks.observe(during: lifetime) { [weak window] in window?.open(uri: $0.absoluteString) }

        view.progress.reactive.isVisible <~ web.showsProgress
        view.progress.reactive.makeBindingTarget("fraction") { bar, value in bar.fraction = value } <~ web.progress
        view.refusalText <~ SignalProducer(value: web.refusal)

        chrome = ScreenChrome(items: [
            ChromeItem(id: "web-close", place: .headerStart, label: tr("关闭"),
                       action: CocoaAction(web.close)),
            ChromeItem(id: "web-open-in-browser", place: .headerEnd, icon: "web-browser-symbolic",
                       accessibleName: tr("在浏览器中打开"), action: CocoaAction(web.openInBrowser)),
        ], showsBack: false)

        view.web.allowsJavaScript = web.allowsScripts
        if let address = web.initialAddress { view.web.load(uri: address.absoluteString) }
    }
}
