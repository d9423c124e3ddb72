import GtkReactive

/// One row's widgets (the seeds' cell), from `goods-row.ui`: made once per GTK list item and
/// shown for one item after another. It owns widgets only; what they show is bound by
/// `GoodsRowBinding`, on the controller's side.
@MainActor
public final class GoodsRowView: ListRowView {
    /// How many pictures a row shows at most.
    public static let pictureCount = 8

    /// The layout the widgets come from; its lifetime is the row's.
    public let layout: GoodsRowLayout
    /// The row's top widget; its accessible name is the item's title, its description the price
    /// and the seller.
    public let root: Widget
    /// The seller's avatar: their picture once loaded, their initials meanwhile (decoration:
    /// not announced, the row's description names the seller).
    public let avatar: Avatar
    /// The 已认证 badge over the avatar (decoration: the row's description says it).
    public let verified: Image
    public let nickname: Label
    public let time: Label
    /// The sideways-scrolling strip of pictures.
    public let strip: PictureStrip
    /// The strip's pictures, in order (`picture0`…`picture7`).
    public let pictures: [Image]
    public let price: Label
    public let originalPrice: Label
    public let freight: Label
    public let count: Label
    /// The 全新 badge.
    public let brandNew: Label
    /// The item's title (widget name `title`).
    public let title: Label
    public let description: Label
    public let place: Label
    /// The message count, on the reply button (the count alone, even 0).
    public let messages: Label
    /// The avatar and nickname as one flat button (widget name `seller`): opens the seller's page.
    public let sellerButton: Button
    /// The place as a flat button (widget name `place`): opens the goods at that place.
    public let placeButton: Button
    /// The reply button (widget name `reply`, named 留言 N): opens the comments.
    public let reply: Button
    /// The like toggle (widget name `like`): pressed while the user likes the item.
    public let like: ToggleButton

    public init() {
        let layout = GoodsRowLayout()
        self.layout = layout
        root = layout.root
        avatar = layout.avatar
        verified = layout.verified
        nickname = layout.nickname
        time = layout.time
        strip = layout.strip
        pictures = [layout.picture0, layout.picture1, layout.picture2, layout.picture3,
                    layout.picture4, layout.picture5, layout.picture6, layout.picture7]
        price = layout.price
        originalPrice = layout.originalPrice
        freight = layout.freight
        count = layout.count
        brandNew = layout.brandNew
        title = layout.title
        description = layout.description
        place = layout.place
        messages = layout.messages
        sellerButton = layout.sellerButton
        placeButton = layout.placeButton
        reply = layout.reply
        like = layout.like
    }

    /// Lets go of every picture the row shows (the avatar's too), textures included.
    public func clearPictures() {
        avatar.clearPicture()
        for picture in pictures { picture.clearPicture() }
    }
}
