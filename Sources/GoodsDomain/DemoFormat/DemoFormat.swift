import Foundation

/// The original demo's JSON, as it is: goods pages (`SUGoodsData_N.data`) and banners
/// (`SUBannerData.data`). Quirks it keeps: `perPage` is a string, `isNew` is 0/1/2 (any non-zero is new), dates are
/// Beijing time (the one shown is `editAt`), `avatar: 0` means none, numbers sometimes arrive as strings.
public enum DemoFormat {
    /// Why a demo file could not be read.
    public struct DecodingFailure: Error, CustomStringConvertible {
        public let file: String
        public let reason: String
        public var description: String { "\(file): \(reason)" }
    }

    /// Decodes one goods page file. An item that is malformed or has a value out of range is
    /// skipped, not its page: `problems` gets one line per skipped item naming the file, the
    /// item and the field. Only a file that is not a page at all throws.
    public static func goodsPage(from data: Data, file: String = "page", problems: inout [String]) throws(DecodingFailure) -> GoodsPage {
        let page: FieldReader
        let items: [JSONValue]
        let numbers: (current: Int, last: Int, perPage: Int)
        do throws(FieldError) {
            page = try FieldReader.top(of: data)
            items = try page.array("data")
            numbers = (try page.int("currentPage"), try page.int("lastPage"), try page.int("perPage"))
        } catch {
            throw DecodingFailure(file: file, reason: error.description)
        }
        var goods: [Goods] = []
        var comments: [GoodsComment] = []
        goods.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            do throws(FieldError) {
                let reader = try FieldReader(item, at: "")
                let read = try reader.goods()
                // A bad comment marks its item as bad, as any other field does.
                comments += try reader.comments(of: read.id)
                goods.append(read)
            } catch {
                let id = (try? FieldReader(item, at: "").int("id")).map { " (id \($0))" } ?? ""
                problems.append("\(file): item \(index + 1)\(id): \(error)")
            }
        }
        return GoodsPage(goods: goods, currentPage: numbers.current, lastPage: numbers.last, perPage: numbers.perPage,
                         comments: comments)
    }

    /// Decodes the banner file; a malformed banner is skipped with a line in `problems`.
    public static func banners(from data: Data, file: String = "banners", problems: inout [String]) throws(DecodingFailure) -> [Banner] {
        let records: [JSONValue]
        do throws(FieldError) {
            records = try FieldReader.topArray(of: data)
        } catch {
            throw DecodingFailure(file: file, reason: error.description)
        }
        var banners: [Banner] = []
        for (index, record) in records.enumerated() {
            do throws(FieldError) {
                banners.append(try FieldReader(record, at: "").banner())
            } catch {
                problems.append("\(file): banner \(index + 1): \(error)")
            }
        }
        return banners
    }

    /// Encodes a goods page in the demo format, every date of an item its `publishedAt`.
    public static func encode(_ page: GoodsPage) throws -> Data {
        try encode(page) { ListingDates(all: $0.publishedAt) }
    }

    /// Encodes a goods page in the demo format with each item's `createdAt`, `editAt` and
    /// `updatedAt` from `dates` (what the data-set generator writes). Reading it back gives
    /// `publishedAt` = the `editAt` written.
    public static func encode(_ page: GoodsPage, dates: (Goods) -> ListingDates) throws -> Data {
        try encoder.encode(PageRecord(page, dates: dates))
    }

    /// Encodes banners in the demo format.
    public static func encode(_ banners: [Banner]) throws -> Data {
        try encoder.encode(banners.map(BannerRecord.init))
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

// MARK: Records: the file format as the generator writes it

/// A number, written as a number (the demo's files sometimes have strings; the reader takes both).
struct LenientInt: Encodable {
    let value: Int
    init(_ value: Int) { self.value = value }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// An avatar: a URL or path string, or `0` for none.
struct AvatarField: Encodable {
    let location: String?
    init(_ location: String?) { self.location = location }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let location { try container.encode(location) } else { try container.encode(0) }
    }
}

/// A `yyyy-MM-dd HH:mm:ss` Beijing-time date.
struct DateField: Encodable {
    let date: Date
    init(_ date: Date) { self.date = date }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(BeijingTime.string(from: date))
    }
}

struct ImageRecord: Encodable {
    let id: LenientInt
    let url: String
    let path: String?
    let userId: LenientInt?
}

struct GoodsRecord: Encodable {
    let id: LenientInt
    let title: String
    let description: String
    let price: LenientInt
    let oprice: LenientInt
    let expressType: LenientInt
    let expressFee: LenientInt?
    let number: LenientInt
    let locationAreaName: String
    let createdAt: DateField
    let updatedAt: DateField?
    let editAt: DateField?
    let isNew: LenientInt
    let images: [ImageRecord]
    let userId: LenientInt
    let nickName: String
    let avatar: AvatarField
    let iszm: LenientInt?
    let messages: LenientInt
    let likes: LenientInt
    let isLike: LenientInt
    let hits: LenientInt?
    /// GoodsDesk's addition, written only by its generator: the item's comments (the demo's
    /// files have none, and are read without).
    let comments: [CommentRecord]?

    init(_ goods: Goods, dates: ListingDates, comments: [GoodsComment]? = nil) {
        id = LenientInt(goods.id)
        title = goods.title
        description = goods.description
        price = LenientInt(goods.price)
        oprice = LenientInt(goods.originalPrice)
        expressType = LenientInt(goods.expressType.rawValue)
        expressFee = LenientInt(goods.expressFee)
        number = LenientInt(goods.count)
        locationAreaName = goods.place
        createdAt = DateField(dates.createdAt)
        updatedAt = DateField(dates.updatedAt)
        editAt = DateField(dates.editAt)
        isNew = LenientInt(goods.condition)
        images = goods.images.map { ImageRecord(id: LenientInt($0.id), url: $0.location, path: $0.location, userId: LenientInt(goods.seller.id)) }
        userId = LenientInt(goods.seller.id)
        nickName = goods.seller.nickname
        avatar = AvatarField(goods.seller.avatar)
        iszm = LenientInt(goods.seller.isVerified ? 1 : 0)
        messages = LenientInt(goods.messages)
        likes = LenientInt(goods.likes)
        isLike = LenientInt(goods.isLiked ? 1 : 0)
        hits = LenientInt(goods.hits)
        self.comments = comments?.map(CommentRecord.init)
    }
}

/// A comment on an item: `nickName`, `avatar` (a path or `0`), `text`, `createdAt` (Beijing time).
struct CommentRecord: Encodable {
    let nickName: String
    let avatar: AvatarField
    let text: String
    let createdAt: DateField

    init(_ comment: GoodsComment) {
        nickName = comment.author
        avatar = AvatarField(comment.avatar)
        text = comment.text
        createdAt = DateField(comment.createdAt)
    }
}

struct PageRecord: Encodable {
    let data: [GoodsRecord]
    let currentPage: LenientInt
    let lastPage: LenientInt
    /// A string in the demo's files; numbers are accepted too.
    let perPage: PerPage

    struct PerPage: Encodable {
        let value: Int
        init(_ value: Int) { self.value = value }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(String(value))
        }
    }

    init(_ page: GoodsPage, dates: (Goods) -> ListingDates) {
        // Pages without comments are written as the demo's files are (no `comments` at all).
        let comments = page.comments.isEmpty ? nil : Dictionary(grouping: page.comments, by: \.goodsID)
        data = page.goods.map { item in GoodsRecord(item, dates: dates(item), comments: comments.map { $0[item.id] ?? [] }) }
        currentPage = LenientInt(page.currentPage)
        lastPage = LenientInt(page.lastPage)
        perPage = PerPage(page.perPage)
    }
}

struct BannerRecord: Encodable {
    struct Picture: Encodable {
        let id: LenientInt?
        let url: String
        let path: String?
    }

    let id: LenientInt
    let title: String?
    let url: String?
    let image: Picture
    let displayOrder: LenientInt?
    let startDate: DateField?
    let endDate: DateField?

    init(_ banner: Banner) {
        id = LenientInt(banner.id)
        title = banner.title
        url = banner.link ?? ""
        image = Picture(id: LenientInt(banner.id), url: banner.image, path: banner.image)
        displayOrder = LenientInt(banner.displayOrder)
        startDate = nil
        endDate = nil
    }
}
