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
public final class GoodsListController: ScreenController<GoodsViewModel, GoodsListViewManager> {
    /// The header's search and its results, when the view model has a search.
    private(set) var search: SearchBinding?
    /// Whether the list is to take the keyboard focus when its rows show again.
    private var focusIsPending = false

    /// The list widget (a `GtkListView`), for keyboard focus and for tests.
    public var listWidget: Widget { view.list }
    /// The search's page, which holds the list's in its slot, when there is a search.
    public override var page: Widget { search?.view.page ?? view.page }

    public override func bind() {
        let pictures = context.pictures
        // The rows' pictures are resolved off the GTK thread before the rows bind them.
        model.itemChanges.startObserving(during: lifetime) { GoodsRowBinding.resolvePictures(of: $0, with: pictures) }
        view.list.reactive.items(model.itemChanges, rows: GoodsRowBinding.rows(pictures: pictures, opening: model))
        view.list.reactive.activated.observe(with: self) { $0.model.select(at: $1) }
        model.isNearEnd <~ view.scroller.reactive.isNearEnd().take(during: lifetime)
        view.footerContent <~ model.footerContent.map { (text: $0.text, isButton: $0.loadsMore) }
        view.footerMore.reactive.pressed = CocoaAction(model.loadMore)
        view.sectionArea.reactive.isVisible <~ model.showsSectionHeader
        view.bannerArea.reactive.isVisible <~ model.showsBanners

        // The banners: the view model says which one shows (its 5 s tick, a dot, a swipe), the
        // carousel follows; a swipe reports where the user went, never the carousel's own moves.
        view.bannerPictures <~ model.banners.map { $0.map { pictures.path(for: $0.image) } }
        view.bannerNames <~ model.bannerNames
        view.bannerTitles <~ model.bannerTitles
        view.shownBanner <~ model.bannerIndex
        view.banner.reactive.accessibleDescription <~ model.bannerTitle
        view.dotClicks.observe(with: self) { $0.model.showBanner(at: $1) }
        view.swipes.observe(with: self) { $0.model.showBanner(at: $1) }
        // Left and Right on the focused banner move between banners, as a swipe does.
        view.banner.addKeyShortcut("Left|KP_Left", with: self) { $0.model.showBanner(movingBy: -1) }
        view.banner.addKeyShortcut("Right|KP_Right", with: self) { $0.model.showBanner(movingBy: 1) }
        // A click opens the banner's page (in the app with the web plugin); the view model
        // sends what goes to the desktop's browser instead.
        model.isBannerHeld <~ view.banner.reactive.isHeld.take(during: lifetime)
        view.banner.reactive.clicked.observe(with: self) { $0.model.openBanner() }
        model.browserLinks.observe(with: self) { $0.context.chrome.open(uri: $1) }

        // The rows, or a status page in their place; 重试 where a load failed. The keyboard
        // focus follows the rows: if they had it (or the page showed before them) when a status
        // page took their place, they take it back when they return; the same if it was lost
        // (on 重试, or nowhere). Observed before the rows hide, so it sees where the focus was.
        let state = model.listState
        state.producer.skipRepeats().observe(with: self) { $0.listStateChanged(to: $1) }
        view.loadingStatus.reactive.isVisible <~ state.map { $0 == .loading }
        view.loadingSpinner.reactive.isSpinning <~ state.map { $0 == .loading }
        view.emptyStatus.reactive.isVisible <~ state.map { $0 == .empty }
        view.errorStatus.reactive.isVisible <~ state.map { if case .failed = $0 { true } else { false } }
        view.errorStatus.reactive.description <~ model.failureText
        view.listArea.reactive.isVisible <~ state.map { $0 == .showing }
        // The footer says 正在加载更多的数据... under the spinner too (while page 1 loads).
        view.footerIsShown <~ state.map { $0 == .showing || $0 == .loading }
        view.retry.reactive.pressed = CocoaAction(model.retry)
        view.footerRetry.reactive.isVisible <~ model.offersRetryInFooter
        view.footerRetry.reactive.pressed = CocoaAction(model.retry)

        // 注销 asks first, in a dialog over the window, for as long as the list is on screen.
        lifetime += model.confirmLogout.handleWithDialogs(over: view.page)

        search = model.search.map { SearchBinding(search: $0, list: view, pictures: pictures, opening: model) }
    }

    /// The search entry, then 刷新 in the header (F5, Ctrl+R) and 注销 in the menu.
    public override var chrome: ScreenChrome {
        ScreenChrome(items: (search.map { [$0.chromeItem] } ?? []) + [
            ChromeItem(id: "refresh", place: .headerEnd, icon: "view-refresh-symbolic", accessibleName: tr("刷新"),
                       accelerator: "F5|<Control>r", with: self) { $0.model.refreshAll() },
            ChromeItem(id: "logout", place: .menu, label: tr("注销"), with: self) { $0.model.logout() },
        ])
    }

    /// Moves the focus to the list. The first page loads when the view model becomes active, or
    /// when the page shows in a window without the focus (the focus still in a dialog, or in
    /// another app): a list on screen is never left empty. The view model ignores the second ask.
    public override func didShow() {
        // A hidden list would take the focus only for GTK to pass it on to the next widget.
        focusIsPending = !view.listArea.isVisible || !view.list.grabFocus()
        model.loadFirstPageIfNeeded()
    }

    /// Keeps the focus with the rows across a status page (see `bind()`).
    private func listStateChanged(to state: GoodsListState) {
        if state != .showing {
            focusIsPending = focusIsPending || view.listArea.containsFocus
        } else if view.page.isMapped, focusIsPending || view.page.windowHasNoFocus || view.page.containsFocus {
            focusIsPending = !view.list.grabFocus()
        }
    }
}
