import Foundation
import GoodsViewModels
import GtkReactive
import Reactive
import ViewModelKit

/// An in-app web page (the demo's banner page): the page's title as the pane's, the load's
/// progress (shown while it loads), 关闭, and 在浏览器中打开 for web pages. It decides every
/// navigation by `WebNavigationPolicy` (the data is untrusted): web pages and the data set's own
/// pages load; anything else is refused and says so; a new window's web page goes to the
/// desktop's browser. Pure: the controller reports what the web view does, and asks it.
///
/// 在浏览器中打开 is disabled on the data set's own pages: the desktop is only ever handed
/// `http`/`https` addresses (a `file:` address would open in whatever the desktop picks for its
/// type, outside the app's confinement of the data set).
@MainActor
final class WebPageViewModel: ViewModel {
    /// What was asked for.
    let page: WebPage
    /// What may load.
    let policy: WebNavigationPolicy
    /// The address the view loads first; nil when the page's address is refused (`refusal` says why).
    let initialAddress: URL?
    /// Why the page's own address does not load (empty when it does): shown on the page.
    let refusal: String
    /// Whether the view runs the page's scripts: for web pages; not for the data set's own pages,
    /// which need none (the generator writes plain HTML) and come from untrusted files.
    let allowsScripts: Bool
    /// Whether the progress bar shows: while a page loads.
    let showsProgress: Property<Bool>
    /// The load's estimated progress, 0 to 1.
    let progress: Property<Double>
    /// Goes back (关闭).
    lazy var close = Action<Void, Void, Never> { [weak self] _ in
        let model = self
        return SignalProducer { observer, _ in
            model?.request(.pop)
            observer.sendCompleted()
        }
    }
    /// Hands the page shown to the desktop's browser (在浏览器中打开): enabled on web pages only.
    let openInBrowser: Action<Void, Void, Never>
    /// Web addresses for the desktop's browser (the controller hands them to the window).
    var browserLinks: Signal<URL, Never> { browserPipe.output }

    private let browserPipe: (output: Signal<URL, Never>, input: Signal<URL, Never>.Observer)
    private let state: MutableProperty<LoadState>

    private struct LoadState: Equatable {
        var progress = 0.0
        var isLoading = false
        var uri = ""
    }

    init(page: WebPage, policy: WebNavigationPolicy) {
        self.page = page
        self.policy = policy
        let address = policy.initialPage(for: page.address)
        initialAddress = address
        refusal = address == nil ? Self.refusalText(for: page.address) : ""
        allowsScripts = address.map { !$0.isFileURL } ?? false
        let state = MutableProperty(LoadState(uri: address?.absoluteString ?? ""))
        self.state = state
        let pipe = Signal<URL, Never>.pipe()
        browserPipe = pipe
        progress = state.map(\.progress).skipRepeats()
        showsProgress = state.map(\.isLoading).skipRepeats()
        let shownWebAddress = state.map { WebAddressPolicy.openableLink($0.uri) }
        let browser = pipe.input
        openInBrowser = Action(enabledIf: shownWebAddress.map { $0 != nil }) { _ in
            SignalProducer { observer, _ in
                if let url = shownWebAddress.value { browser.send(value: url) }
                observer.sendCompleted()
            }
        }
        super.init(title: page.title.isEmpty ? Self.defaultTitle : page.title)
    }

    /// The pane's title before (or without) the page's own.
    static var defaultTitle: String { tr("网页") }

    /// The message for `address`, refused.
    static func refusalText(for address: String) -> String {
        let shown = address.count > 80 ? String(address.prefix(80)) + "…" : address
        return tr("不能打开“{0}”：只能打开网页（http、https）和数据集自带的页面", shown)
    }

    // MARK: What the web view reports

    /// The page's `<title>` changed; an empty one keeps the title shown.
    func pageTitleChanged(_ title: String) {
        if !title.isEmpty { self.title.value = title }
    }

    /// The load's estimated progress changed.
    func progressChanged(_ progress: Double) {
        state.modify { $0.progress = min(1, max(0, progress)) }
    }

    /// A load started or ended.
    func loadingChanged(_ isLoading: Bool) {
        state.modify { $0.isLoading = isLoading }
    }

    /// The address shown changed (a link followed, a redirect).
    func addressChanged(_ uri: String) {
        if !uri.isEmpty { state.modify { $0.uri = uri } }
    }

    /// A load failed; interruptions (a refused navigation, a cancel) need no second message.
    func loadFailed(message: String, isInterruption: Bool) {
        guard !isInterruption else { return }
        show(error: message.isEmpty ? tr("页面加载失败") : tr("页面加载失败：{0}", message))
    }

    /// Whether the view may go to `uri` (in a new window if `newWindow`): allowed by the policy;
    /// a new window's web page goes to the desktop's browser instead, and anything refused says so.
    func allowsNavigation(to uri: String, newWindow: Bool) -> Bool {
        switch policy.decide(uri, newWindow: newWindow) {
        case .load: return true
        case let .openInBrowser(url):
            browserPipe.input.send(value: url)
            return false
        case .refuse:
            show(error: Self.refusalText(for: uri))
            return false
        }
    }
}
