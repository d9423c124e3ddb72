import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// Binds the detail page's ViewManager to its view model: it binds, it does not compute. The
/// view model's title (商品详情) and the way back; no buttons of its own.
@MainActor
final class GoodsDetailController: ScreenController<GoodsDetailViewModel, GoodsDetailViewManager> {
    override func bind() {
        let pictures = context.pictures
        view.avatar.reactive.text <~ SignalProducer(value: model.nickname)
        view.avatar.reactive.picture(loader: pictures.loader)
            <~ SignalProducer(value: pictures.source(for: model.avatar))
        let texts: [(GoodsDetailViewManager.Text, String)] = [
            (.nickname, model.nickname), (.verified, model.verifiedText), (.publishTime, model.publishTime),
            (.title, model.titleText), (.price, model.priceText), (.originalPrice, model.originalPriceText),
            (.condition, model.conditionText), (.freight, model.freightText), (.count, model.countText),
            (.place, model.place), (.description, model.descriptionText),
        ]
        for (label, text) in texts { view.text(of: label) <~ SignalProducer(value: text) }
        // The seller, the place and 留言 N (live, even 0) open the row's pages.
        view.text(of: .messages) <~ model.replyText
        view.reply.reactive.accessibleLabel <~ model.replyText
        view.sellerButton.setAccessibleLabel(model.nickname)
        view.placeButton.setAccessibleLabel(model.place)
        view.sellerButton.reactive.clicked.observe(with: self) { $0.model.openSeller() }
        view.placeButton.reactive.clicked.observe(with: self) { $0.model.openPlace() }
        view.reply.reactive.clicked.observe(with: self) { $0.model.openComments() }
        for (picture, location) in zip(view.addPictures(count: model.images.count), model.images) {
            picture.reactive.picture(loader: pictures.loader) <~ SignalProducer(value: pictures.source(for: location))
        }
        view.like.reactive.label <~ model.likeButtonText
        view.like.reactive.accessibleLabel <~ model.likeAccessibleName
        view.like.reactive.isActive <~ model.likePressed
        view.like.reactive.pressed = CocoaAction(model.like)
    }

    override func didShow() { view.focusLikeButton() }
}
