import CGtk
import GoodsViewModels
import GtkReactive
import GtkShim
import PluginKit
import Reactive

/// One row's widgets (the seeds' cell): built once in the list factory's `setup`, then bound to
/// a row view model in `bind` and unbound in `unbind`. Every binding of a binding lives exactly
/// from bind to unbind, so a reused row never keeps an old row's bindings (seed pitfall 5).
@MainActor
public final class GoodsRowViewManager {
    public let root: Widget
    private let row: UnsafeMutablePointer<GoodsRowWidgets>
    private let avatar, verified, nickname, time, price, originalPrice, freight, count: Widget
    private let brandNew, title, description, place, messages: Widget
    /// The like button.
    public let like: Widget
    private let pictures: [Widget]
    private var binding: Lifetime.Token?

    public init() {
        row = .allocate(capacity: 1)
        row.initialize(to: goods_row_new())
        let built = row.pointee
        root = Widget(built.root)
        avatar = Widget(built.avatar)
        verified = Widget(built.verified)
        nickname = Widget(built.nickname)
        time = Widget(built.time)
        price = Widget(built.price)
        originalPrice = Widget(built.original_price)
        freight = Widget(built.freight)
        count = Widget(built.count)
        brandNew = Widget(built.brand_new)
        title = Widget(built.title)
        description = Widget(built.description)
        place = Widget(built.place)
        messages = Widget(built.messages)
        like = Widget(built.like)
        let row = self.row
        pictures = (0..<UInt32(GOODS_ROW_PICTURES)).compactMap { index in goods_row_picture(row, index).map { Widget($0) } }
    }

    isolated deinit {
        row.deinitialize(count: 1)
        row.deallocate()
    }

    /// Attaches `item`; ends any earlier binding first.
    public func bind(_ item: GoodsItemViewModel, pictures locator: PictureLocator) {
        unbind()
        let token = Lifetime.make().token
        binding = token
        let lifetime = token.lifetime
        avatar.picture(placeholder: "avatar-default-symbolic", loader: locator.loader, during: lifetime)
            <~ SignalProducer(value: locator.source(for: item.avatar))
        verified.visible(during: lifetime) <~ SignalProducer(value: item.isVerified)
        nickname.labelText(during: lifetime) <~ SignalProducer(value: item.nickname)
        time.labelText(during: lifetime) <~ SignalProducer(value: item.publishTime)
        let images = item.images
        for (index, picture) in pictures.enumerated() {
            let location = index < images.count ? images[index] : nil
            picture.visible(during: lifetime) <~ SignalProducer(value: location != nil)
            picture.picture(loader: locator.loader, during: lifetime) <~ SignalProducer(value: locator.source(for: location))
        }
        price.labelText(during: lifetime) <~ SignalProducer(value: item.price ?? "")
        price.visible(during: lifetime) <~ SignalProducer(value: item.price != nil)
        originalPrice.labelText(during: lifetime) <~ SignalProducer(value: item.originalPrice ?? "")
        originalPrice.visible(during: lifetime) <~ SignalProducer(value: item.originalPrice != nil)
        freight.labelText(during: lifetime) <~ SignalProducer(value: item.freightExplain)
        count.labelText(during: lifetime) <~ SignalProducer(value: item.count)
        brandNew.visible(during: lifetime) <~ SignalProducer(value: item.isBrandNew)
        title.labelText(during: lifetime) <~ SignalProducer(value: item.title)
        description.labelText(during: lifetime) <~ SignalProducer(value: item.description)
        place.labelText(during: lifetime) <~ SignalProducer(value: item.place)
        messages.labelText(during: lifetime) <~ SignalProducer(value: item.messagesText)
        // The row keeps the item's like state while bound, and only then: an unbound row lets
        // the state go (a running like keeps it by itself).
        let likeState = item.likeState()
        like.buttonLabel(during: lifetime) <~ likeState.buttonText
        like.sensitive(during: lifetime) <~ likeState.action.isEnabled
        like.accessibleLabel(during: lifetime) <~ likeState.buttonName
        like.events("clicked", during: lifetime).observeValues { [weak likeState] in likeState?.action.apply().start() }
        lifetime.observeEnded { withExtendedLifetime(likeState) {} }
        goods_set_accessible_label(root.pointer, item.title)
    }

    /// Ends the current binding: nothing of the old item reaches the row any more, and the row
    /// lets go of its pictures' textures (the shared cache decides what stays decoded).
    public func unbind() {
        binding?.dispose()
        binding = nil
        for picture in pictures + [avatar] { goods_picture_clear(picture.pointer) }
    }
}

extension Widget {
    /// A button's label.
    func buttonLabel(during lifetime: Lifetime) -> BindingTarget<String> {
        target("button-label", during: lifetime) { gtk_button_set_label(goods_button($0), $1) }
    }

    /// The widget's accessible name.
    func accessibleLabel(during lifetime: Lifetime) -> BindingTarget<String> {
        target("accessible-label", during: lifetime) { goods_set_accessible_label($0, $1) }
    }
}
