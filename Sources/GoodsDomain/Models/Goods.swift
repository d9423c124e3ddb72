import Foundation

/// Who sells an item.
public struct Seller: Sendable, Equatable, Hashable {
    public var id: Int
    public var nickname: String
    /// Avatar location (data-set path or URL); nil for none (`avatar: 0` in the demo format).
    public var avatar: String?
    /// Whether the seller's identity is verified (`iszm` in the demo format).
    public var isVerified: Bool

    public init(id: Int, nickname: String, avatar: String?, isVerified: Bool) {
        self.id = id
        self.nickname = nickname
        self.avatar = avatar
        self.isVerified = isVerified
    }
}

/// One picture of an item.
public struct GoodsImage: Sendable, Equatable, Hashable {
    public var id: Int
    /// Picture location: a path relative to the data set, or a URL.
    public var location: String

    public init(id: Int, location: String) {
        self.id = id
        self.location = location
    }
}

/// How shipping is paid.
public enum ExpressType: Int, Sendable, Equatable, CaseIterable {
    /// Free shipping (包邮).
    case free = 0
    /// A fixed fee (运费 ¥N).
    case fee = 1
    /// To be agreed with the seller (运费待议).
    case negotiable = 2
}

/// An item for sale.
public struct Goods: Sendable, Equatable, Identifiable, Hashable {
    public var id: Int
    public var title: String
    public var description: String
    /// Price in yuan; 0 or less means none shown.
    public var price: Int
    /// Original price in yuan; 0 or less means none shown.
    public var originalPrice: Int
    public var expressType: ExpressType
    /// Shipping fee in yuan, for `.fee`.
    public var expressFee: Int
    /// How many are for sale.
    public var count: Int
    /// Where the item is (city and district).
    public var place: String
    /// When the item was published, as the demo shows it: its `editAt` (the last edit; the
    /// demo's `createdAt` only when a file has no `editAt`).
    public var publishedAt: Date
    /// The demo's `isNew`, as the file has it (0, 1 or 2 in the demo's data).
    public var condition: Int
    public var images: [GoodsImage]
    public var seller: Seller
    public var messages: Int
    public var likes: Int
    public var isLiked: Bool
    public var hits: Int

    /// Whether the item is brand new, shown as a 全新 badge: any non-zero `isNew`, as the demo's
    /// `BOOL brandNew` reads it (its data has 1 as well as 2 for new goods).
    public var isBrandNew: Bool { condition != 0 }

    public init(
        id: Int, title: String, description: String, price: Int, originalPrice: Int,
        expressType: ExpressType, expressFee: Int, count: Int, place: String, publishedAt: Date,
        condition: Int, images: [GoodsImage], seller: Seller, messages: Int, likes: Int,
        isLiked: Bool, hits: Int
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.price = price
        self.originalPrice = originalPrice
        self.expressType = expressType
        self.expressFee = expressFee
        self.count = count
        self.place = place
        self.publishedAt = publishedAt
        self.condition = condition
        self.images = images
        self.seller = seller
        self.messages = messages
        self.likes = likes
        self.isLiked = isLiked
        self.hits = hits
    }
}

/// One page of goods.
public struct GoodsPage: Sendable, Equatable {
    public var goods: [Goods]
    /// This page's number, from 1.
    public var currentPage: Int
    /// The number of the last page.
    public var lastPage: Int
    public var perPage: Int
    /// The comments on this page's goods, as a data set's page file has them (each names its
    /// item); empty for pages read from the store and for the demo's own files, which have none.
    public var comments: [GoodsComment] = []

    public init(goods: [Goods], currentPage: Int, lastPage: Int, perPage: Int) {
        self.goods = goods
        self.currentPage = currentPage
        self.lastPage = lastPage
        self.perPage = perPage
    }

    /// A page with the comments on its goods (what the data-set generator writes).
    public init(goods: [Goods], currentPage: Int, lastPage: Int, perPage: Int, comments: [GoodsComment]) {
        self.init(goods: goods, currentPage: currentPage, lastPage: lastPage, perPage: perPage)
        self.comments = comments
    }
}
