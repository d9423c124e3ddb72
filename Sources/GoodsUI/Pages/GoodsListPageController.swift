import GoodsViewModels
import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// Binds a page of some goods (the seller page, the place page) to its view model: the goods
/// list's rows, whose seller, place and reply buttons open their pages from here too, paged as
/// the list is. Titled by the view model (the nickname, the place).
@MainActor
public final class GoodsListPageController: ScreenController<GoodsListPageViewModel, GoodsListPageViewManager> {
    /// The list widget, for keyboard focus and for tests.
    public var listWidget: Widget { view.list }

    public override func bind() {
        let pictures = context.pictures
        view.list.setAccessibleLabel(model.title.value)
        model.itemChanges.startObserving(during: lifetime) { GoodsRowBinding.resolvePictures(of: $0, with: pictures) }
        view.list.reactive.items(model.itemChanges, rows: GoodsRowBinding.rows(pictures: pictures, opening: model))
        view.list.reactive.activated.observe(with: self) { $0.model.select(at: $1) }
        model.isNearEnd <~ view.scroller.reactive.isNearEnd().take(during: lifetime)
        view.footerContent <~ Property.combineLatest(model.footerText, model.footerLoadsMore).map { (text: $0, isButton: $1) }
        view.footerMore.reactive.pressed = CocoaAction(model.loadMore)
        view.emptyStatus.reactive.isVisible <~ model.isEmpty
        view.scroller.reactive.isVisible <~ model.isEmpty.map { !$0 }
    }

    /// Busy while a page loads.
    public override var chrome: ScreenChrome { ScreenChrome(isBusy: model.footer.map { $0 == .loading }) }

    /// The first page loads (also in a window that is not active), and the list takes the focus.
    public override func didShow() {
        model.loadFirstPageIfNeeded()
        _ = view.list.grabFocus()
    }
}
