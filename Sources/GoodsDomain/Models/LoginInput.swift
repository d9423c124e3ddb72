/// Validation of what a user types on the login screen.
///
/// Input is trimmed of surrounding whitespace, and full-width digits (０-９, which Chinese input
/// methods produce) are read as the same digits: a number typed either way is accepted the same
/// way. A phone number may also be grouped with spaces or hyphens (`138 0013 8000`).
public enum LoginInput {
    /// A mainland mobile number: 11 digits, `1[3-9]` then nine more (today's ranges; the seeds'
    /// `1[34578]` predates 16x and 19x numbers).
    public static func normalizedPhone(_ text: String) -> String? {
        let digits = asciiDigits(text.trimmingWhitespace()).filter { $0 != " " && $0 != "-" }
        guard digits.count == 11, digits.allSatisfy(\.isASCIIDigit),
              digits.first == "1", let second = digits.dropFirst().first, ("3"..."9").contains(second) else { return nil }
        return digits
    }

    /// A verify code: exactly four digits.
    public static func normalizedCode(_ text: String) -> String? {
        let code = asciiDigits(text.trimmingWhitespace())
        guard code.count == 4, code.allSatisfy(\.isASCIIDigit) else { return nil }
        return code
    }

    /// `text` with full-width digits replaced by ASCII ones.
    static func asciiDigits(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            (0xFF10...0xFF19).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0xFF10 + 0x30) ?? scalar : scalar
        }))
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension String {
    /// The string without leading and trailing whitespace (including full-width spaces).
    public func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
