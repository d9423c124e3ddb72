import GtkReactive
import GtkReactiveWebKit
import PluginKit
import Reactive
import ViewModelKit

/// Binds the web page's ViewManager to its view model: the web view's title, progress, address
/// and failures go to the view model, which decides every navigation; it binds, it does not compute.
@MainActor
final class WebPageController: ScreenController<WebPageViewModel, WebPageViewManager> {
    override func bind() {
        view.web.setNavigationPolicy(with: self) { controller, navigation in
            controller.model.allowsNavigation(to: navigation.uri, newWindow: navigation.isNewWindow) ? .allow : .refuse
        }
        view.web.onLoadFailure(with: self) { $0.model.loadFailed(message: $1.message, isInterruption: $1.isInterruption) }
        view.web.reactive.title.observe(with: self) { $0.model.pageTitleChanged($1) }
        view.web.reactive.estimatedLoadProgress.observe(with: self) { $0.model.progressChanged($1) }
        view.web.reactive.isLoading.observe(with: self) { $0.model.loadingChanged($1) }
        view.web.reactive.uri.observe(with: self) { $0.model.addressChanged($1) }
        model.browserLinks.observe(with: self) { $0.context.chrome.open(uri: $1.absoluteString) }

        view.progress.reactive.isVisible <~ model.showsProgress
        view.progress.reactive.makeBindingTarget("fraction") { bar, value in bar.fraction = value } <~ model.progress
        view.refusalText <~ SignalProducer(value: model.refusal)

        view.web.allowsJavaScript = model.allowsScripts
        if let address = model.initialAddress { view.web.load(uri: address.absoluteString) }
    }

    /// The pane's title is the page's (the view model's title); 关闭 and 在浏览器中打开 in the header.
    override var chrome: ScreenChrome {
        ScreenChrome(items: [
            ChromeItem(id: "web-close", place: .headerStart, label: tr("关闭"),
                       action: CocoaAction(model.close)),
            ChromeItem(id: "web-open-in-browser", place: .headerEnd, icon: "web-browser-symbolic",
                       accessibleName: tr("在浏览器中打开"), action: CocoaAction(model.openInBrowser)),
        ], showsBack: false)
    }
}
