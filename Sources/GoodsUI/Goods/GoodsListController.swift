import GoodsViewModels
import GtkReactive
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

    /// The list widget (a `GtkListView`), for keyboard focus and for tests.
    public var listWidget: Widget { view.list }
    public var page: Widget { view.page }
    public let headerButtons: HeaderButtons = [.refresh, .logout]

    public init(viewModel: GoodsViewModel, context: ScreenContext) {
        let window = context.chrome
        let pictures = context.pictures
        goods = viewModel
        self.viewModel = viewModel
        view = GoodsListViewManager()
        let lifetime = view.lifetime

        // The rows' pictures are resolved off the GTK thread before the rows bind them.
        viewModel.itemChanges.startObserving(during: lifetime) { GoodsRowBinding.resolvePictures(of: $0, with: pictures) }
        view.list.reactive.items(viewModel.itemUpdates, rows: GoodsRowBinding.rows(pictures: pictures))
        view.list.reactive.activated.startObserving(during: lifetime) { [weak viewModel] in viewModel?.select(at: $0) }
        viewModel.isNearEnd <~ view.scroller.reactive.isNearEnd().take(during: lifetime)
        view.footer.reactive.text <~ viewModel.footerText

        view.bannerPictures <~ viewModel.banners.map { $0.map { pictures.path(for: $0.image) } }
        view.bannerNames <~ viewModel.bannerNames
        view.shownBanner <~ viewModel.bannerIndex
        view.dotClicks.observe(during: lifetime) { [weak viewModel] in viewModel?.showBanner(at: $0) }
        view.banner.reactive.clicked.startObserving(during: lifetime) { [weak viewModel, weak window] in
            if let link = viewModel?.currentBannerLink { window?.open(uri: link) }
        }

        window.refreshButton.reactive.signal("clicked").startObserving(during: lifetime) { [weak viewModel] in
            viewModel?.refreshAll()
        }
        window.logoutItem.reactive.signal("clicked").startObserving(during: lifetime) { [weak viewModel, weak window] in
            window?.closeMenu()
            viewModel?.logout()
        }
        Signal.merge(viewModel.notices, viewModel.errors).observe(during: lifetime) { [weak window] in window?.showToast($0) }
    }

    /// Moves the focus to the list. The first page loads when the view model becomes active;
    /// the navigator keeps a screen inactive while its window has never been active (never
    /// presented, or not yet focused: the tests' windows), so showing asks for it too, and the
    /// view model does nothing if it already loads.
    public func didShow() {
        goods.loadFirstPageIfNeeded()
        view.list.grabFocus()
    }
}
