import Foundation
import Testing

/// data/goodsdesk.css reads right in Adwaita's light and dark styles: it names colours
/// (`@accent_bg_color`, `@error_color`, `alpha(currentColor, …)`…) and never writes one out,
/// which would look the same, and so wrong, in one of the two.
@Suite("The app's style sheet")
struct StyleSheetColourTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../data/goodsdesk.css").standardizedFileURL.path

    /// The style sheet without its comments.
    static func rules() throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.replacing(/\/\*[\s\S]*?\*\//, with: "")
    }

    /// Colours written out: hex (`#FE8491`), functions of numbers (`rgb(…)`, `hsl(…)`) and CSS's
    /// colour keywords, in `text`.
    static func literalColours(in text: String) -> [String] {
        let keywords = /(?i)(?:^|[^\w@-])(white|black|gray|grey|red|pink|orange|yellow|green|blue|purple|silver)(?![\w-])/
        return text.matches(of: /#[0-9A-Fa-f]{3,8}\b/).map { String($0.output) }
            + text.matches(of: /(?i)\b(rgba?|hsla?)\(/).map { String($0.output.0) }
            + text.matches(of: keywords).map { String($0.output.1) }
    }

    @Test func theFinderFindsWrittenOutColours() {
        #expect(Self.literalColours(in: ".a { color: #FE8491; background: rgba(0,0,0,1); border-color: white; }").count == 3)
        #expect(Self.literalColours(in: ".a { color: @red_3; background: alpha(@accent_bg_color, 0.5); }").isEmpty,
                "Adwaita's palette and named colours are names, not colours written out")
    }

    @Test func everyColourIsNamed() throws {
        let rules = try Self.rules()
        #expect(rules.contains("@"), "the style sheet names Adwaita's colours")
        #expect(Self.literalColours(in: rules) == [])
    }

    /// The list's rows keep no transitions: the performance fix of README's "Memory".
    @Test func theListsRowsHaveNoTransitions() throws {
        let rules = try Self.rules()
        #expect(rules.contains("listview.goods-list > row,\nlistview.goods-list > row * {\n  transition: none;"))
    }
}
