import GoodsViewModels
import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// Binds a page of some goods (the seller page, the place page) to its view model: the goods
/// list's rows, whose seller, place and reply buttons open their pages from here too, paged as
/// the list is. Titled by the view model (the nickname, the place).
@MainActor
public final class GoodsListPageController: Controller {
    public let viewModel: ViewModel
    public let goods: GoodsListPageViewModel
    let view: GoodsListPageViewManager

    public var page: Widget { view.page }
    /// The list widget, for keyboard focus and for tests.
    public var listWidget: Widget { view.list }
    public let chrome: ScreenChrome

    public init(viewModel: GoodsListPageViewModel, context: ScreenContext) {
        let pictures = context.pictures
        goods = viewModel
        self.viewModel = viewModel
        view = GoodsListPageViewManager()
        let lifetime = view.lifetime

        view.list.setAccessibleLabel(viewModel.title.value)
        viewModel.itemChanges.startObserving(during: lifetime) { GoodsRowBinding.resolvePictures(of: $0, with: pictures) }
        view.list.reactive.items(viewModel.itemUpdates, rows: GoodsRowBinding.rows(pictures: pictures, opening: viewModel))
        view.list.reactive.activated.startObserving(during: lifetime) { [weak viewModel] in viewModel?.select(at: $0) }
        viewModel.isNearEnd <~ view.scroller.reactive.isNearEnd().take(during: lifetime)
        view.footerContent <~ Property.combineLatest(viewModel.footerText, viewModel.footerLoadsMore).map { (text: $0, isButton: $1) }
        view.footerMore.reactive.pressed = CocoaAction(viewModel.loadMore)
        view.emptyStatus.reactive.isVisible <~ viewModel.isEmpty
        view.scroller.reactive.isVisible <~ viewModel.isEmpty.map { !$0 }
        chrome = ScreenChrome(isBusy: viewModel.footer.map { $0 == .loading })
    }

    /// The first page loads (also in a window that is not active), and the list takes the focus.
    public func didShow() {
        goods.loadFirstPageIfNeeded()
        _ = view.list.grabFocus()
    }
}
