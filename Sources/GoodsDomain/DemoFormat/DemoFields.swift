import Foundation

/// Why a field of a demo file cannot be used; names the field.
struct FieldError: Error, CustomStringConvertible {
    let description: String
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
}

/// Reads the fields of one object of a demo file, with the format's quirks: numbers may be
/// written as strings, `avatar` is a string or `0`, dates are Beijing-time text. Every failure
/// names its field (`images[2].id`).
struct FieldReader {
    let object: JSONObject
    /// Where the object sits, as a prefix of field names (`images[2].`).
    let path: String

    init(_ value: JSONValue, at path: String) throws(FieldError) {
        guard case let .object(object) = value else {
            throw FieldError(description: "\(path.isEmpty ? "item" : String(path.dropLast())): expected an object, found \(value.kind)")
        }
        self.object = object
        self.path = path
    }

    /// The top-level object of `data`.
    static func top(of data: Data) throws(FieldError) -> FieldReader {
        try FieldReader(parse(data), at: "")
    }

    /// The top-level array of `data`.
    static func topArray(of data: Data) throws(FieldError) -> [JSONValue] {
        let value = try parse(data)
        guard case let .array(elements) = value else { throw FieldError(description: "expected an array, found \(value.kind)") }
        return elements
    }

    private static func parse(_ data: Data) throws(FieldError) -> JSONValue {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(JSONSyntaxError) in try JSONReader.read(raw.bindMemory(to: UInt8.self)) }
        }
        switch result {
        case let .success(value): return value
        case let .failure(error): throw FieldError(description: error.description)
        }
    }

    private func name(_ key: String) -> String { path + key }

    /// A field that must be there (null counts as there, for the readers to refuse).
    func value(_ key: String) throws(FieldError) -> JSONValue {
        guard let value = object[key] else { throw FieldError(description: "missing \"\(name(key))\"") }
        return value
    }

    /// A field that may be missing or null.
    func optional(_ key: String) -> JSONValue? {
        guard let value = object[key], case .null = value else { return object[key] }
        return nil
    }

    func int(_ key: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(FieldError) -> Int {
        try number(try value(key), key, range)
    }

    func optionalInt(_ key: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(FieldError) -> Int? {
        guard let value = optional(key) else { return nil }
        return try number(value, key, range)
    }

    /// A whole number an `Int` holds and `range` contains, written as a number or a string.
    private func number(_ value: JSONValue, _ key: String, _ range: ClosedRange<Int>) throws(FieldError) -> Int {
        let number: Int
        switch value {
        case let .number(integer?, _):
            number = integer
        case let .number(nil, double):
            throw FieldError(description: "\(name(key)): \(double) is not a whole number in range")
        case let .string(text):
            guard let parsed = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw FieldError(description: "\(name(key)): \"\(text.prefix(40))\" is not a number in range")
            }
            number = parsed
        default:
            throw FieldError(description: "\(name(key)): expected a number, found \(value.kind)")
        }
        guard range.contains(number) else {
            throw FieldError(description: "\(name(key)): \(number) is out of range \(range.lowerBound)…\(range.upperBound)")
        }
        return number
    }

    func string(_ key: String) throws(FieldError) -> String {
        let value = try value(key)
        guard case let .string(text) = value else { throw FieldError(description: "\(name(key)): expected a string, found \(value.kind)") }
        return text
    }

    func optionalString(_ key: String) throws(FieldError) -> String? {
        guard let value = optional(key) else { return nil }
        guard case let .string(text) = value else { throw FieldError(description: "\(name(key)): expected a string, found \(value.kind)") }
        return text
    }

    func date(_ key: String) throws(FieldError) -> Date {
        let text = try string(key)
        guard let date = BeijingTime.date(from: text) else {
            throw FieldError(description: "\(name(key)): not a yyyy-MM-dd HH:mm:ss date: \(text.prefix(40))")
        }
        return date
    }

    func optionalDate(_ key: String) throws(FieldError) -> Date? {
        guard optional(key) != nil else { return nil }
        return try date(key)
    }

    func array(_ key: String) throws(FieldError) -> [JSONValue] {
        let value = try value(key)
        guard case let .array(elements) = value else { throw FieldError(description: "\(name(key)): expected an array, found \(value.kind)") }
        return elements
    }

    /// An avatar: a non-empty string, or anything else (the demo writes `0`) for none.
    func avatar(_ key: String) throws(FieldError) -> String? {
        guard case let .string(text) = try value(key), !text.isEmpty else { return nil }
        return text
    }

    // MARK: The demo's records

    /// A goods item, every number in its range. Fields are read in the demo's order, so the
    /// first bad one is the one named.
    func goods() throws(FieldError) -> Goods {
        typealias R = FieldRanges
        let id = try int("id", in: R.identifier)
        let title = try string("title")
        let description = try string("description")
        let price = try int("price", in: R.money)
        let originalPrice = try int("oprice", in: R.money)
        let expressType = ExpressType(rawValue: try int("expressType")) ?? .negotiable
        let expressFee = try optionalInt("expressFee", in: R.money) ?? 0
        let count = try int("number", in: R.count)
        let place = try string("locationAreaName")
        let createdAt = try date("createdAt")
        // Read and checked though not shown: a malformed one marks a broken item.
        _ = try optionalDate("updatedAt")
        // The demo shows `editAt` (its `goodsPublishTime`), not `createdAt`.
        let publishedAt = try optionalDate("editAt") ?? createdAt
        let condition = try int("isNew", in: R.flag)
        let pictures = try array("images").enumerated().map { (index, element) throws(FieldError) -> GoodsImage in
            let image = try FieldReader(element, at: "\(path)images[\(index)].")
            let picture = GoodsImage(id: try image.int("id", in: R.identifier), location: try image.string("url"))
            _ = try image.optionalString("path")
            _ = try image.optionalInt("userId")
            return picture
        }
        let seller = Seller(id: try int("userId", in: R.identifier), nickname: try string("nickName"),
                            avatar: try avatar("avatar"), isVerified: (try optionalInt("iszm") ?? 0) == 1)
        return Goods(
            id: id, title: title, description: description, price: price, originalPrice: originalPrice,
            expressType: expressType, expressFee: expressFee, count: count, place: place, publishedAt: publishedAt,
            condition: condition, images: pictures, seller: seller,
            messages: try int("messages", in: R.count), likes: try int("likes", in: R.count),
            isLiked: try int("isLike") != 0, hits: try optionalInt("hits", in: R.count) ?? 0)
    }

    /// The item's comments (GoodsDesk's own `comments` array; none when it is missing, as in
    /// the demo's files), each about `goodsID`. Texts and nicknames are limited in length, dates
    /// checked as the item's are.
    func comments(of goodsID: Int) throws(FieldError) -> [GoodsComment] {
        guard optional("comments") != nil else { return [] }
        return try array("comments").enumerated().map { (index, element) throws(FieldError) -> GoodsComment in
            let comment = try FieldReader(element, at: "\(path)comments[\(index)].")
            let author = try comment.string("nickName")
            guard author.count <= GoodsComment.maximumAuthorLength else {
                throw FieldError(description: "\(comment.path)nickName: longer than \(GoodsComment.maximumAuthorLength) characters")
            }
            let avatar = try comment.avatar("avatar")
            let text = try comment.string("text")
            guard !text.isEmpty, text.count <= GoodsComment.maximumLength else {
                throw FieldError(description: "\(comment.path)text: empty or longer than \(GoodsComment.maximumLength) characters")
            }
            return GoodsComment(goodsID: goodsID, author: author, avatar: avatar, text: text, createdAt: try comment.date("createdAt"))
        }
    }

    /// A banner of the carousel.
    func banner() throws(FieldError) -> Banner {
        let image = try FieldReader(try value("image"), at: "\(path)image.")
        _ = try image.optionalInt("id")
        _ = try image.optionalString("path")
        _ = try optionalDate("startDate")
        _ = try optionalDate("endDate")
        let link = try optionalString("url")
        return Banner(id: try int("id", in: FieldRanges.identifier), title: try optionalString("title") ?? "",
                      image: try image.string("url"), link: (link?.isEmpty ?? true) ? nil : link,
                      displayOrder: try optionalInt("displayOrder", in: Int(Int32.min)...Int(Int32.max)) ?? 0)
    }
}
