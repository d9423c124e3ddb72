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

    /// Decodes one goods page file. An item that fails to decode or has a value out of range is
    /// skipped, not its page: `problems` gets one line per skipped item naming the file, the
    /// item and the field. Only a file that is not a page at all throws.
    public static func goodsPage(from data: Data, file: String = "page", problems: inout [String]) throws(DecodingFailure) -> GoodsPage {
        let record: PageRecord
        do {
            record = try JSONDecoder().decode(PageRecord.self, from: data)
        } catch {
            throw DecodingFailure(file: file, reason: describe(error))
        }
        var goods: [Goods] = []
        goods.reserveCapacity(record.data.count)
        for (index, element) in record.data.enumerated() {
            switch element.result {
            case let .success(item):
                do throws(FieldProblem) {
                    goods.append(try item.validated())
                } catch {
                    problems.append("\(file): item \(index + 1) (id \(item.id.value)): \(error)")
                }
            case let .failure(error):
                problems.append("\(file): item \(index + 1): \(describe(error))")
            }
        }
        return GoodsPage(goods: goods, currentPage: record.currentPage.value, lastPage: record.lastPage.value, perPage: record.perPage.value)
    }

    /// Decodes the banner file; a banner that fails to decode is skipped with a line in `problems`.
    public static func banners(from data: Data, file: String = "banners", problems: inout [String]) throws(DecodingFailure) -> [Banner] {
        let records: [Skippable<BannerRecord>]
        do {
            records = try JSONDecoder().decode([Skippable<BannerRecord>].self, from: data)
        } catch {
            throw DecodingFailure(file: file, reason: describe(error))
        }
        var banners: [Banner] = []
        for (index, record) in records.enumerated() {
            switch record.result {
            case let .success(banner): banners.append(banner.model)
            case let .failure(error): problems.append("\(file): banner \(index + 1): \(describe(error))")
            }
        }
        return banners
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
        return path.isEmpty ? "top level" : String(path.drop { $0 == "." })
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
            // Whole numbers only, and only those an Int holds: 1e30 is refused, never trapped on.
            guard let number = Int(exactly: double) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(double) is not a whole number in range")
            }
            value = number
        } else if let text = try? container.decode(String.self) {
            guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text.prefix(40))\" is not a number in range")
            }
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

    /// The item, once every number is in its range (`FieldRanges`).
    func validated() throws(FieldProblem) -> Goods {
        typealias R = FieldRanges
        let pictures = try images.enumerated().map { (index, image) throws(FieldProblem) in
            GoodsImage(id: try R.check(image.id.value, R.identifier, "images[\(index)].id"), location: image.url)
        }
        return Goods(
            id: try R.check(id.value, R.identifier, "id"), title: title, description: description,
            price: try R.check(price.value, R.money, "price"),
            originalPrice: try R.check(oprice.value, R.money, "oprice"),
            expressType: ExpressType(rawValue: expressType.value) ?? .negotiable,
            expressFee: try R.check(expressFee?.value ?? 0, R.money, "expressFee"),
            count: try R.check(number.value, R.count, "number"), place: locationAreaName,
            publishedAt: createdAt.date, condition: try R.check(isNew.value, R.flag, "isNew"),
            images: pictures,
            seller: Seller(id: try R.check(userId.value, R.identifier, "userId"), nickname: nickName,
                           avatar: avatar.location, isVerified: (iszm?.value ?? 0) == 1),
            messages: try R.check(messages.value, R.count, "messages"), likes: try R.check(likes.value, R.count, "likes"),
            isLiked: isLike.value != 0, hits: try R.check(hits?.value ?? 0, R.count, "hits"))
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
    let data: [Skippable<GoodsRecord>]
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

    init(_ page: GoodsPage) {
        data = page.goods.map { Skippable(.success(GoodsRecord($0))) }
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

/// An element of a list that decodes on its own: one that fails is kept as its error, so the
/// rest of the list still decodes.
struct Skippable<Wrapped: Codable>: Codable {
    let result: Result<Wrapped, any Error>
    init(_ result: Result<Wrapped, any Error>) { self.result = result }
    init(from decoder: any Decoder) throws {
        do {
            result = .success(try Wrapped(from: decoder))
        } catch {
            result = .failure(error)
        }
    }
    func encode(to encoder: any Encoder) throws {
        if case let .success(value) = result { try value.encode(to: encoder) }
    }
}

/// A field whose value is outside the range GoodsDesk accepts.
struct FieldProblem: Error, CustomStringConvertible {
    let field: String
    let value: Int
    let range: ClosedRange<Int>
    var description: String { "\(field): \(value) is out of range \(range.lowerBound)…\(range.upperBound)" }
}

/// The ranges numbers of the demo format must lie in. Generous (the demo's own data is far
/// inside them), but they keep every later sum and product from overflowing.
enum FieldRanges {
    /// Ids: what a JSON number holds exactly (2^53 − 1).
    static let identifier = 0...9_007_199_254_740_991
    /// Prices and fees, in yuan: up to a billion.
    static let money = 0...1_000_000_000
    /// Counts (stock, likes, messages, hits).
    static let count = 0...1_000_000_000
    /// Small enumerations (`isNew`).
    static let flag = 0...255

    static func check(_ value: Int, _ range: ClosedRange<Int>, _ field: String) throws(FieldProblem) -> Int {
        guard range.contains(value) else { throw FieldProblem(field: field, value: value, range: range) }
        return value
    }
}
