/// Validation of what a user types on the login screen.
///
/// Input is trimmed of surrounding whitespace, and full-width digits (０-９, which Chinese input
/// methods produce) are read as the same digits: a number typed either way is accepted the same
/// way. A phone number may also be grouped with spaces or hyphens (`138 0013 8000`).
///
/// A digit is a whole grapheme made of exactly one scalar, 0-9 or ０-９: a digit followed by a
/// combining mark, a variation selector or a zero-width joiner is one `Character` with more than
/// one scalar, and is not a digit (so `13874389438` + U+0301 is no phone number).
public enum LoginInput {
    /// A mainland mobile number: 11 digits, `1[3-9]` then nine more (today's ranges; the seeds'
    /// `1[34578]` predates 16x and 19x numbers).
    public static func normalizedPhone(_ text: String) -> String? {
        let characters = text.trimmingWhitespace().filter { $0 != " " && $0 != "-" }
        guard let digits = asciiDigits(characters), digits.count == 11,
              digits.first == "1", let second = digits.dropFirst().first, ("3"..."9").contains(second) else { return nil }
        return String(digits)
    }

    /// A verify code: exactly four digits.
    public static func normalizedCode(_ text: String) -> String? {
        guard let code = asciiDigits(text.trimmingWhitespace()), code.count == 4 else { return nil }
        return String(code)
    }

    /// The ASCII digits `text` spells, one per character; nil when any character is not a digit.
    static func asciiDigits(_ text: some StringProtocol) -> [Character]? {
        var digits: [Character] = []
        digits.reserveCapacity(text.count)
        for character in text {
            guard let digit = character.digitValue else { return nil }
            digits.append(Character(Unicode.Scalar(UInt8(ascii: "0") + digit)))
        }
        return digits
    }
}

extension Character {
    /// 0…9 when the character is one of 0-9 or ０-９ standing alone (exactly one scalar); nil for
    /// anything else, a digit carrying combining marks, selectors or joiners included.
    var digitValue: UInt8? {
        let scalars = unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first else { return nil }
        switch scalar.value {
        case 0x30...0x39: return UInt8(scalar.value - 0x30)
        case 0xFF10...0xFF19: return UInt8(scalar.value - 0xFF10)
        default: return nil
        }
    }
}

extension Character {
    /// Whitespace made only of whitespace scalars (a space, or a pasted `\r\n`), not one carrying a mark.
    var isPlainWhitespace: Bool { unicodeScalars.allSatisfy(\.properties.isWhitespace) }
}

extension String {
    /// The string without leading and trailing whitespace (including full-width spaces). A space
    /// carrying a combining mark or joiner is not whitespace: it stays, and validation sees it.
    public func trimmingWhitespace() -> String {
        var characters = Substring(self)
        while let first = characters.first, first.isPlainWhitespace { characters.removeFirst() }
        while let last = characters.last, last.isPlainWhitespace { characters.removeLast() }
        return String(characters)
    }
}
