/// A JSON value, as read by `JSONReader`.
enum JSONValue {
    case null
    case bool(Bool)
    /// A number: `integer` when the text is a whole number an `Int` holds, and its value as a double.
    case number(integer: Int?, double: Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// What the value is, for messages.
    var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON object's members in file order; looked up by a linear search, which beats hashing
/// for the two dozen keys of a demo item.
struct JSONObject {
    var keys: [String] = []
    var values: [JSONValue] = []

    subscript(key: String) -> JSONValue? {
        guard let index = keys.lastIndex(of: key) else { return nil }
        return values[index]
    }
}

/// Why a text is not JSON, with the byte offset where reading stopped.
struct JSONSyntaxError: Error, CustomStringConvertible {
    let offset: Int
    let reason: String
    var description: String { "not valid JSON at byte \(offset): \(reason)" }
}

/// A strict JSON reader (RFC 8259) over UTF-8 bytes: the demo's page files are read with it
/// because Foundation's `JSONDecoder` spent four fifths of a million-goods import decoding.
/// Untrusted input: nesting is limited, numbers never trap, bad UTF-8 becomes U+FFFD.
struct JSONReader {
    /// Deeper nesting than this is refused (no demo file nests more than four levels).
    static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    /// Reads the one value `bytes` holds (whitespace around it allowed).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.value()
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("text after the value") }
        return value
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private func error(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(offset: index, reason: reason) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func expect(_ literal: StaticString, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end") }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { throw error("unknown literal") }
        index += count
        return value
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("unexpected end") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character")
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels") }
        index += 1
        skipWhitespace()
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var object = JSONObject()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(object)
        }
        while true {
            guard current == UInt8(ascii: "\"") else { throw error("expected a key") }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            object.keys.append(key)
            object.values.append(try value())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1; skipWhitespace()
            case UInt8(ascii: "}"): index += 1; return .object(object)
            default: throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1; skipWhitespace()
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw error("expected ',' or ']'")
            }
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        let negative = current == UInt8(ascii: "-")
        if negative { index += 1 }
        guard let first = current, first.isASCIIDigit else { throw error("expected a digit") }
        // Whole part, accumulated without overflow: past Int's range it is read as a double.
        var magnitude = 0
        var fits = true
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            while let digit = current, digit.isASCIIDigit {
                let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (plus, o2) = times.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
                if o1 || o2 { fits = false } else { magnitude = plus }
                index += 1
            }
        }
        var whole = true
        if current == UInt8(ascii: ".") {
            whole = false
            index += 1
            guard let digit = current, digit.isASCIIDigit else { throw error("expected a digit after '.'") }
            while let digit = current, digit.isASCIIDigit { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            whole = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, digit.isASCIIDigit else { throw error("expected an exponent") }
            while let digit = current, digit.isASCIIDigit { index += 1 }
        }
        if whole && fits {
            let value = negative ? -magnitude : magnitude
            return .number(integer: value, double: Double(value))
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let double = Double(text) else { throw error("number out of range") }
        return .number(integer: Int(exactly: double), double: double)
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes, the bytes between the quotes are the text.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw error("a control character in a string") }
            index += 1
        }
        guard let stop = current else { throw error("unterminated string") }
        if stop == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
        }
        var text = Array(bytes[start..<index])
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &text)
            case 0..<0x20:
                throw error("a control character in a string")
            default:
                text.append(byte)
            }
        }
        throw error("unterminated string")
    }

    private mutating func escape(into text: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw error("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate: with its low half it names one scalar; alone it is U+FFFD.
                if index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let saved = index
                    index += 2
                    let low = try hex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = saved
                        scalar = 0xFFFD
                    }
                } else {
                    scalar = 0xFFFD
                }
            } else if (0xDC00...0xDFFF).contains(scalar) {
                scalar = 0xFFFD
            }
            text.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
        default:
            throw error("unknown escape")
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("bad \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}

extension UInt8 {
    /// Whether the byte is an ASCII digit, 0-9.
    var isASCIIDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
}
