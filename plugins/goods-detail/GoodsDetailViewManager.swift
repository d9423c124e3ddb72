import GtkReactive
import Reactive

/// The detail page's widgets, from the plugin's `goods-detail.ui`: seller, title, prices, facts,
/// the full description, every picture large, and the like button. It offers typed widgets and
/// binding targets; it knows no view model and runs no action.
@MainActor
final class GoodsDetailViewManager: ScreenView {
    /// The labels the page shows; each is hidden while empty.
    enum Text {
        case nickname, verified, publishTime, title, price, originalPrice
        case condition, freight, count, place, description, messages
    }

    /// The loaded layout: it keeps the widgets, and its lifetime is the page's bindings'.
    private let layout: GoodsDetailLayout
    /// The page the navigator shows (accessible name 商品详情).
    let page: ScrolledWindow
    /// The seller's avatar: their picture, or their initials.
    let avatar: Avatar
    /// The like toggle (♡ 5, accessible name 收藏，5 人收藏 or 已收藏，6 人收藏; pressed when liked).
    let like: ToggleButton
    /// The seller (avatar and nickname) as a flat button: opens the seller's goods.
    let sellerButton: Button
    /// The place as a flat button: opens the goods at that place.
    let placeButton: Button
    /// 留言 N as a flat button: opens the comments.
    let reply: Button
    /// One large picture per image, in order (see `addPictures(count:)`).
    private(set) var pictures: [Picture] = []

    /// Ends when the view manager is released.
    var lifetime: Lifetime { layout.lifetime }

    /// The page, with no pictures yet.
    init() {
        let layout = GoodsDetailLayout()
        self.layout = layout
        page = layout.page
        avatar = layout.avatar
        like = layout.like
        sellerButton = layout.sellerButton
        placeButton = layout.placeButton
        reply = layout.reply
    }

    /// Adds `count` large pictures to the page's column, in order, and returns them.
    func addPictures(count: Int) -> [Picture] {
        let added = (0..<max(0, count)).map { _ in
            let picture = Picture(contentFit: .contain, canShrink: true)
            picture.addCSSClass("detail-picture")
            picture.sizeRequest = (width: -1, height: 320)
            layout.pictures.append(picture)
            return picture
        }
        pictures += added
        return added
    }

    /// A label's text; an empty text hides the label.
    func text(of text: Text) -> BindingTarget<String> {
        let label = label(text)
        return label.reactive.makeBindingTarget("label") { label, value in
            label.text = value
            label.isVisible = !value.isEmpty
        }
    }

    /// The label that shows `text`.
    private func label(_ text: Text) -> Label {
        switch text {
        case .nickname: layout.nickname
        case .verified: layout.verified
        case .publishTime: layout.publishTime
        case .title: layout.title
        case .price: layout.price
        case .originalPrice: layout.originalPrice
        case .condition: layout.condition
        case .freight: layout.freight
        case .count: layout.count
        case .place: layout.place
        case .description: layout.description
        case .messages: layout.messages
        }
    }

    /// Moves the keyboard focus to the like button (once the page is on screen).
    func focusLikeButton() { like.grabFocus() }
}
