import GoodsViewModels
import GtkReactive
import Localization
import PluginKit
import Reactive
import ViewModelKit

/// Binds the goods list's ViewManager to the GoodsViewModel (the seeds' home controller): it
/// binds, it does not compute. The list's state lives in the view model alone: the list view
/// shows its updates, and each row reads its item when bound (`GoodsRowBinding`).
@MainActor
public final class GoodsListController: Controller {
    public let viewModel: ViewModel
    public let goods: GoodsViewModel
    let view: GoodsListViewManager
    /// The header's search and its results, when the view model has a search.
    let search: SearchBinding?

    /// The list widget (a `GtkListView`), for keyboard focus and for tests.
    public var listWidget: Widget { view.list }
    public var page: Widget { search?.view.page ?? view.page }
    /// 刷新 in the header (F5, Ctrl+R) and 注销 in the menu.
    public let chrome: ScreenChrome

    public init(viewModel: GoodsViewModel, context: ScreenContext) {
        let window = context.chrome
        let pictures = context.pictures
        goods = viewModel
        self.viewModel = viewModel
        view = GoodsListViewManager()
        let lifetime = view.lifetime

        // The rows' pictures are resolved off the GTK thread before the rows bind them.
        viewModel.itemChanges.startObserving(during: lifetime) { GoodsRowBinding.resolvePictures(of: $0, with: pictures) }
        view.list.reactive.items(viewModel.itemUpdates, rows: GoodsRowBinding.rows(pictures: pictures, opening: viewModel))
        view.list.reactive.activated.startObserving(during: lifetime) { [weak viewModel] in viewModel?.select(at: $0) }
        viewModel.isNearEnd <~ view.scroller.reactive.isNearEnd().take(during: lifetime)
        view.footerContent <~ viewModel.footerContent.map { (text: $0.text, isButton: $0.loadsMore) }
        view.footerMore.reactive.pressed = CocoaAction(viewModel.loadMore)
        view.sectionArea.reactive.isVisible <~ viewModel.showsSectionHeader
        view.bannerArea.reactive.isVisible <~ viewModel.showsBanners

        // The banners: the view model says which one shows (its 5 s tick, a dot, a swipe), the
        // carousel follows; a swipe reports where the user went, never the carousel's own moves.
        view.bannerPictures <~ viewModel.banners.map { $0.map { pictures.path(for: $0.image) } }
        view.bannerNames <~ viewModel.bannerNames
        view.bannerTitles <~ viewModel.bannerTitles
        view.shownBanner <~ viewModel.bannerIndex
        view.banner.reactive.accessibleDescription <~ viewModel.bannerTitle
        view.dotClicks.observe(during: lifetime) { [weak viewModel] in viewModel?.showBanner(at: $0) }
        view.swipes.observe(during: lifetime) { [weak viewModel] in viewModel?.showBanner(at: $0) }
        // Left and Right on the focused banner move between banners, as a swipe does.
        lifetime += view.banner.addKeyShortcut("Left|KP_Left") { [weak viewModel] in viewModel?.showBanner(movingBy: -1) ?? false }
        lifetime += view.banner.addKeyShortcut("Right|KP_Right") { [weak viewModel] in viewModel?.showBanner(movingBy: 1) ?? false }
        // A click opens the banner's page (in the app with the web plugin); the view model
        // sends what goes to the desktop's browser instead.
        viewModel.isBannerHeld <~ view.banner.reactive.isHeld.take(during: lifetime)
        view.banner.reactive.clicked.startObserving(during: lifetime) { [weak viewModel] in viewModel?.openBanner() }
        viewModel.browserLinks.observe(during: lifetime) { [weak window] in window?.open(uri: $0) }

        // The rows, or a status page in their place; 重试 where a load failed. The keyboard
        // focus follows the rows: if they had it (or the page showed before them) when a status
        // page took their place, they take it back when they return; the same if it was lost
        // (on 重试, or nowhere). Observed before the rows hide, so it sees where the focus was.
        let state = viewModel.listState
        let focus = self.focus
        state.producer.skipRepeats().startObserving(during: lifetime) { [weak view] state in
            guard let view else { return }
            if state != .showing {
                focus.isPending = focus.isPending || view.listArea.containsFocus
            } else if view.page.isMapped, focus.isPending || view.page.windowHasNoFocus || view.page.containsFocus {
                focus.isPending = !view.list.grabFocus()
            }
        }
        view.loadingStatus.reactive.isVisible <~ state.map { $0 == .loading }
        view.loadingSpinner.reactive.isSpinning <~ state.map { $0 == .loading }
        view.emptyStatus.reactive.isVisible <~ state.map { $0 == .empty }
        view.errorStatus.reactive.isVisible <~ state.map { if case .failed = $0 { true } else { false } }
        view.errorStatus.reactive.description <~ viewModel.failureText
        view.listArea.reactive.isVisible <~ state.map { $0 == .showing }
        // The footer says 正在加载更多的数据... under the spinner too (while page 1 loads).
        view.footerIsShown <~ state.map { $0 == .showing || $0 == .loading }
        view.retry.reactive.pressed = CocoaAction(viewModel.retry)
        view.footerRetry.reactive.isVisible <~ viewModel.offersRetryInFooter
        view.footerRetry.reactive.pressed = CocoaAction(viewModel.retry)

        // 注销 asks first, in a dialog over the window, for as long as the list is on screen.
        lifetime += viewModel.confirmLogout.handleWithDialogs(over: view.page)

        let search = viewModel.search.map { [view] in SearchBinding(search: $0, list: view, pictures: pictures, opening: viewModel) }
        self.search = search
        chrome = ScreenChrome(items: (search.map { [$0.chromeItem] } ?? []) + [
            ChromeItem(id: "refresh", place: .headerEnd, icon: "view-refresh-symbolic", accessibleName: tr("刷新"),
                       accelerator: "F5|<Control>r") { [weak viewModel] in viewModel?.refreshAll() },
            ChromeItem(id: "logout", place: .menu, label: tr("注销")) { [weak viewModel] in viewModel?.logout() },
        ])
    }

    /// Moves the focus to the list. The first page loads when the view model becomes active, or
    /// when the page shows in a window without the focus (the focus still in a dialog, or in
    /// another app): a list on screen is never left empty. The view model ignores the second ask.
    public func didShow() {
        // A hidden list would take the focus only for GTK to pass it on to the next widget.
        focus.isPending = !view.listArea.isVisible || !view.list.grabFocus()
        goods.loadFirstPageIfNeeded()
    }

    /// Whether the list is to take the keyboard focus when its rows show again.
    private let focus = PendingFocus()
}

/// Whether a list hidden behind a status page is to take the keyboard focus when it returns.
@MainActor
private final class PendingFocus {
    var isPending = false
}
