import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// Binds the detail page's ViewManager to its view model: it binds, it does not compute.
@MainActor
final class GoodsDetailController: Controller {
    let detail: GoodsDetailViewModel
    let view: GoodsDetailViewManager
    var viewModel: ViewModel { detail }
    var page: Widget { view.page }
    /// The view model's title (商品详情) and the way back; no buttons of its own.
    let chrome = ScreenChrome()

    init(viewModel detail: GoodsDetailViewModel, context: ScreenContext) {
        self.detail = detail
        let pictures = context.pictures
        view = GoodsDetailViewManager(pictureCount: detail.images.count)

        view.avatar.reactive.text <~ SignalProducer(value: detail.nickname)
        view.avatar.reactive.picture(loader: pictures.loader)
            <~ SignalProducer(value: pictures.source(for: detail.avatar))
        let texts: [(GoodsDetailViewManager.Text, String)] = [
            (.nickname, detail.nickname), (.verified, detail.verifiedText), (.publishTime, detail.publishTime),
            (.title, detail.titleText), (.price, detail.priceText), (.originalPrice, detail.originalPriceText),
            (.condition, detail.conditionText), (.freight, detail.freightText), (.count, detail.countText),
            (.place, detail.place), (.description, detail.descriptionText),
        ]
        for (label, text) in texts { view.text(of: label) <~ SignalProducer(value: text) }
        // The seller, the place and 留言 N (live, even 0) open the row's pages.
        view.text(of: .messages) <~ detail.replyText
        view.reply.reactive.accessibleLabel <~ detail.replyText
        view.sellerButton.setAccessibleLabel(detail.nickname)
        view.placeButton.setAccessibleLabel(detail.place)
        view.sellerButton.reactive.clicked.startObserving(during: view.lifetime) { [weak detail] in detail?.openSeller() }
        view.placeButton.reactive.clicked.startObserving(during: view.lifetime) { [weak detail] in detail?.openPlace() }
        view.reply.reactive.clicked.startObserving(during: view.lifetime) { [weak detail] in detail?.openComments() }
        for (picture, location) in zip(view.pictures, detail.images) {
            picture.reactive.picture(loader: pictures.loader) <~ SignalProducer(value: pictures.source(for: location))
        }
        view.like.reactive.label <~ detail.likeButtonText
        view.like.reactive.accessibleLabel <~ detail.likeAccessibleName
        view.like.reactive.isActive <~ detail.likePressed
        view.like.reactive.pressed = CocoaAction(detail.like)
    }

    func didShow() { view.focusLikeButton() }
}
