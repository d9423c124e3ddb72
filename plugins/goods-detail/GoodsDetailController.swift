import GoodsViewModels
import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// Binds the detail page's ViewManager to its view model: it binds, it does not compute.
@MainActor
final class GoodsDetailController: Controller {
    let viewModel: ViewModel
    let view: GoodsDetailViewManager
    var page: Widget { view.page }
    let headerButtons: HeaderButtons = [.back]

    init(viewModel detail: GoodsDetailViewModel, context: ScreenContext) {
        viewModel = detail
        let item = detail.item
        let pictures = context.pictures
        view = GoodsDetailViewManager(pictureCount: item.images.count)
        let lifetime = view.lifetime

        view.avatar(loader: pictures.loader) <~ SignalProducer(value: pictures.source(for: item.avatar))
        view.text(of: .nickname) <~ SignalProducer(value: item.nickname)
        view.text(of: .verified) <~ SignalProducer(value: detail.verifiedText)
        view.text(of: .publishTime) <~ SignalProducer(value: item.publishTime)
        view.text(of: .title) <~ SignalProducer(value: item.title)
        view.text(of: .price) <~ SignalProducer(value: item.price ?? "")
        view.text(of: .originalPrice) <~ SignalProducer(value: item.originalPrice ?? "")
        view.text(of: .condition) <~ SignalProducer(value: detail.conditionText)
        view.text(of: .freight) <~ SignalProducer(value: item.freightExplain)
        view.text(of: .count) <~ SignalProducer(value: item.count)
        view.text(of: .place) <~ SignalProducer(value: item.place)
        view.text(of: .description) <~ SignalProducer(value: item.description)
        view.text(of: .messages) <~ SignalProducer(value: detail.messagesText)
        for (index, location) in item.images.enumerated() {
            view.picture(index, loader: pictures.loader) <~ SignalProducer(value: pictures.source(for: location))
        }
        view.likeText <~ item.likeButtonText
        view.likeName <~ item.likeButtonName
        view.likeEnabled <~ item.like.isEnabled
        view.likeClicked.take(during: lifetime)
            .observeValues { [weak detail] in MainActor.assumeIsolated { detail?.toggleLike() } }
    }

    func didShow() { view.focusLikeButton() }
}
