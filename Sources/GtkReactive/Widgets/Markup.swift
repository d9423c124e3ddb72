/// Pango markup for a label, safe with any text in it: the literal parts of the string are
/// markup, every interpolated value is escaped, so a title from a file or a plugin shows as
/// text and can never open a tag (`Markup("<b>\(count)</b> items left")`).
public struct Markup: Sendable, Equatable, ExpressibleByStringInterpolation {
    /// The markup, ready for `gtk_label_set_markup`.
    public let text: String

    public init(stringLiteral value: String) { text = value }

    public init(stringInterpolation: Interpolation) { text = stringInterpolation.text }

    /// `value` as text: `&`, `<`, `>`, `"` and `'` escaped.
    public static func escaped(_ value: String) -> Markup { Markup(stringLiteral: escape(value)) }

    static func escape(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for character in value {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    public struct Interpolation: StringInterpolationProtocol {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity) }

        public mutating func appendLiteral(_ literal: String) { text += literal }

        /// A value, escaped.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) { text += Markup.escape(value.description) }

        /// Markup made elsewhere, as it is.
        public mutating func appendInterpolation(_ markup: Markup) { text += markup.text }
    }
}
