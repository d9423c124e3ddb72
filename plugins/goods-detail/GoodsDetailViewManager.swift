import GtkReactive
import Reactive

/// The detail page's widgets, from the plugin's `goods-detail.ui`: seller, title, prices, facts,
/// the full description, every picture large, and the like button. It offers typed widgets and
/// binding targets; it knows no view model and runs no action.
@MainActor
final class GoodsDetailViewManager {
    /// The labels the page shows, by their id in the layout; each is hidden while empty.
    enum Text: String, CaseIterable {
        case nickname, verified, publishTime = "publish_time", title, price, originalPrice = "original_price"
        case condition, freight, count, place, description, messages
    }

    /// The loaded layout: it keeps the widgets, and its lifetime is the page's bindings'.
    private let layout: UILayout
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
    /// One large picture per image, in order.
    let pictures: [Picture]
    private let labels: [Text: Label]

    /// Ends when the view manager is released.
    var lifetime: Lifetime { layout.lifetime }

    /// The page with room for `pictureCount` pictures.
    init(pictureCount: Int) {
        let layout = UILayout.loading("goods-detail.ui", in: .module)
        self.layout = layout
        page = layout[ScrolledWindow.self, "page"]
        avatar = layout[Avatar.self, "avatar"]
        like = layout[ToggleButton.self, "like"]
        sellerButton = layout[Button.self, "seller_button"]
        placeButton = layout[Button.self, "place_button"]
        reply = layout[Button.self, "reply"]
        var labels: [Text: Label] = [:]
        for text in Text.allCases { labels[text] = layout[Label.self, text.rawValue] }
        self.labels = labels

        let column = layout[Box.self, "pictures"]
        pictures = (0..<max(0, pictureCount)).map { _ in
            let picture = Picture(contentFit: .contain, canShrink: true)
            picture.addCSSClass("detail-picture")
            picture.sizeRequest = (width: -1, height: 320)
            column.append(picture)
            return picture
        }
    }

    /// A label's text; an empty text hides the label.
    func text(of text: Text) -> BindingTarget<String> {
        let label = labels[text] ?? layout[Label.self, text.rawValue]
        return label.reactive.makeBindingTarget("label") { label, value in
            label.text = value
            label.isVisible = !value.isEmpty
        }
    }

    /// Moves the keyboard focus to the like button (once the page is on screen).
    func focusLikeButton() { like.grabFocus() }
}
