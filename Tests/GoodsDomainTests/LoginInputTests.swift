import Testing
@testable import GoodsDomain

@Suite("Login input")
struct LoginInputTests {
    @Test(arguments: [
        ("13874389438", "13874389438"),
        ("  13874389438 ", "13874389438"),
        ("\u{3000}13874389438\u{3000}", "13874389438"),
        ("１３８７４３８９４３８", "13874389438"),
        ("138 7438 9438", "13874389438"),
        ("138-7438-9438", "13874389438"),
        ("１38７４38９４3８", "13874389438"),
        ("13874389438\r\n", "13874389438"),
        ("16612345678", "16612345678"),
        ("19912345678", "19912345678"),
    ])
    func validPhoneNumbers(text: String, expected: String) {
        #expect(LoginInput.normalizedPhone(text) == expected)
    }

    /// A digit carrying a combining mark, variation selector or joiner is one grapheme of several
    /// scalars: not a digit, wherever it stands.
    @Test(arguments: [
        "13874389438\u{301}",        // combining acute accent on the last digit
        "1\u{301}3874389438",        // on the first
        "13874\u{0308}389438",       // diaeresis in the middle
        "13874389438\u{FE0F}",       // variation selector 16
        "13874389438\u{FE0E}",       // variation selector 15
        "13874389438\u{20E3}",       // combining enclosing keycap (8⃣)
        "1387438943\u{200D}8",       // zero-width joiner between digits
        "13874389438\u{200D}",       // trailing joiner
        "１３８７４３８９４３８\u{301}", // full-width digits are no exception
        "13874389438 \u{301}",       // a mark on a trailing space
        "138 \u{301}7438 9438",      // a mark on a grouping space
        "138-\u{301}7438-9438",      // a mark on a grouping hyphen
        "١٣٨٧٤٣٨٩٤٣٨",               // Arabic-Indic digits are not 0-9
        "1387438943８\u{E0100}",     // variation selector supplement
    ])
    func digitsWithMarksAreNotDigits(text: String) {
        #expect(LoginInput.normalizedPhone(text) == nil, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test(arguments: ["123", "12874389438", "1387438943", "138743894381", "1387438943a", "", "   "])
    func malformedPhoneNumbers(text: String) {
        #expect(LoginInput.normalizedPhone(text) == nil)
    }

    @Test func codes() {
        #expect(LoginInput.normalizedCode("5858") == "5858")
        #expect(LoginInput.normalizedCode(" ５８５８ ") == "5858")
        #expect(LoginInput.normalizedCode("585") == nil)
        #expect(LoginInput.normalizedCode("58588") == nil)
        #expect(LoginInput.normalizedCode("58a8") == nil)
        #expect(LoginInput.normalizedCode("5858\u{301}") == nil)
        #expect(LoginInput.normalizedCode("58\u{FE0F}58") == nil)
        #expect(LoginInput.normalizedCode("585\u{200D}8") == nil)
        #expect(LoginInput.normalizedCode("58 58") == nil, "codes are not grouped")
    }

    @Test func aDigitIsOneScalarAlone() {
        #expect(Character("7").digitValue == 7)
        #expect(Character("７").digitValue == 7)
        #expect(Character("0").digitValue == 0)
        #expect(Character("９").digitValue == 9)
        #expect(Character("7\u{301}").digitValue == nil)
        #expect(Character("7\u{FE0F}\u{20E3}").digitValue == nil)
        #expect(Character("a").digitValue == nil)
        #expect(Character("/").digitValue == nil)
        #expect(Character(":").digitValue == nil)
    }
}
