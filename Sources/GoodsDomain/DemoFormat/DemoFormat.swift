import Foundation

/// The original demo's JSON, as it is: goods pages (`SUGoodsData_N.data`) and banners
/// (`SUBannerData.data`). Quirks it keeps: `perPage` is a string, `isNew` is 0/1/2, dates are
/// Beijing time, `avatar: 0` means none, numbers sometimes arrive as strings.
public enum DemoFormat {
    /// Why a demo file could not be read.
    public struct DecodingFailure: Error, CustomStringConvertible {
        public let file: String
        public let reason: String
        public var description: String { "\(file): \(reason)" }
    }

    /// Decodes one goods page file.
    public static func goodsPage(from data: Data, file: String = "page") throws(DecodingFailure) -> GoodsPage {
        do {
            return try JSONDecoder().decode(PageRecord.self, from: data).model
        } catch let failure as DecodingFailure {
            throw failure
        } catch {
            throw DecodingFailure(file: file, reason: describe(error))
        }
    }

    /// Decodes the banner file.
    public static func banners(from data: Data, file: String = "banners") throws(DecodingFailure) -> [Banner] {
        do {
            return try JSONDecoder().decode([BannerRecord].self, from: data).map(\.model)
        } catch {
            throw DecodingFailure(file: file, reason: describe(error))
        }
    }

    /// Encodes a goods page in the demo format (what the data-set generator writes).
    public static func encode(_ page: GoodsPage) throws -> Data {
        try encoder.encode(PageRecord(page))
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

    private static func describe(_ error: any Error) -> String {
        switch error {
        case let DecodingError.keyNotFound(key, context):
            return "missing \"\(key.stringValue)\" at \(path(context))"
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            return "\(context.debugDescription) at \(path(context))"
        case let DecodingError.dataCorrupted(context):
            return "\(context.debugDescription) at \(path(context))"
        default:
            return "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "top level" : path
    }
}

// MARK: Records: the file format, mapped to and from the models

/// A number that may be written as a number or as a string.
struct LenientInt: Codable {
    let value: Int
    init(_ value: Int) { self.value = value }
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else if let double = try? container.decode(Double.self) {
            value = Int(double)
        } else if let text = try? container.decode(String.self), let number = Int(text.trimmingCharacters(in: .whitespaces)) {
            value = number
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a number")
        }
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// An avatar: a URL or path string, or `0` for none.
struct AvatarField: Codable {
    let location: String?
    init(_ location: String?) { self.location = location }
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            location = text.isEmpty ? nil : text
        } else {
            location = nil
        }
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let location { try container.encode(location) } else { try container.encode(0) }
    }
}

/// A `yyyy-MM-dd HH:mm:ss` Beijing-time date.
struct DateField: Codable {
    let date: Date
    init(_ date: Date) { self.date = date }
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = BeijingTime.date(from: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a yyyy-MM-dd HH:mm:ss date: \(text)")
        }
        self.date = date
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(BeijingTime.string(from: date))
    }
}

struct ImageRecord: Codable {
    let id: LenientInt
    let url: String
    let path: String?
    let userId: LenientInt?
}

struct GoodsRecord: Codable {
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

    var model: Goods {
        Goods(
            id: id.value, title: title, description: description, price: price.value,
            originalPrice: oprice.value, expressType: ExpressType(rawValue: expressType.value) ?? .negotiable,
            expressFee: expressFee?.value ?? 0, count: number.value, place: locationAreaName,
            publishedAt: createdAt.date, condition: isNew.value,
            images: images.map { GoodsImage(id: $0.id.value, location: $0.url) },
            seller: Seller(id: userId.value, nickname: nickName, avatar: avatar.location, isVerified: (iszm?.value ?? 0) == 1),
            messages: messages.value, likes: likes.value, isLiked: isLike.value != 0, hits: hits?.value ?? 0)
    }

    init(_ goods: Goods) {
        id = LenientInt(goods.id)
        title = goods.title
        description = goods.description
        price = LenientInt(goods.price)
        oprice = LenientInt(goods.originalPrice)
        expressType = LenientInt(goods.expressType.rawValue)
        expressFee = LenientInt(goods.expressFee)
        number = LenientInt(goods.count)
        locationAreaName = goods.place
        createdAt = DateField(goods.publishedAt)
        updatedAt = DateField(goods.publishedAt)
        editAt = DateField(goods.publishedAt)
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
    }
}

struct PageRecord: Codable {
    let data: [GoodsRecord]
    let currentPage: LenientInt
    let lastPage: LenientInt
    /// A string in the demo's files; numbers are accepted too.
    let perPage: PerPage

    struct PerPage: Codable {
        let value: Int
        init(_ value: Int) { self.value = value }
        init(from decoder: any Decoder) throws { value = try LenientInt(from: decoder).value }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(String(value))
        }
    }

    var model: GoodsPage {
        GoodsPage(goods: data.map(\.model), currentPage: currentPage.value, lastPage: lastPage.value, perPage: perPage.value)
    }

    init(_ page: GoodsPage) {
        data = page.goods.map(GoodsRecord.init)
        currentPage = LenientInt(page.currentPage)
        lastPage = LenientInt(page.lastPage)
        perPage = PerPage(page.perPage)
    }
}

struct BannerRecord: Codable {
    struct Picture: Codable {
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

    var model: Banner {
        Banner(id: id.value, title: title ?? "", image: image.url,
               link: (url?.isEmpty ?? true) ? nil : url, displayOrder: displayOrder?.value ?? 0)
    }

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
