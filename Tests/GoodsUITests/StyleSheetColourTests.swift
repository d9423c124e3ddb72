import Foundation
import Testing

/// The app's style sheets (`style.css`, `style-dark.css`: the files the GResource lists at the
/// application's resource base path, where AdwApplication loads them) read right in Adwaita's
/// light and dark styles: they name colours (`@accent_bg_color`, `@error_color`,
/// `alpha(currentColor, …)`…) and never write one out, which would look the same, and so wrong,
/// in one of the two — but for the accent itself, the seeds' pink, defined once per style.
@Suite("The app's style sheet")
struct StyleSheetColourTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/GoodsUI")
    static let manifest = sources.appendingPathComponent("GoodsUI.gresource.xml").standardizedFileURL

    /// The style sheets of the manifest's application resources (the `.css` files), by alias,
    /// with their files: the one list of them.
    static func styleSheets() throws -> [(alias: String, url: URL)] {
        let text = try String(contentsOf: manifest, encoding: .utf8)
        return text.matches(of: /<file alias="([^"]+\.css)"[^>]*>([^<]+)<\/file>/).map {
            (String($0.output.1), sources.appendingPathComponent(String($0.output.2)).standardizedFileURL)
        }
    }

    /// A style sheet without its comments.
    static func rules(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8).replacing(/\/\*[\s\S]*?\*\//, with: "")
    }

    /// The lines that define Adwaita's accent colours (`@define-color accent_bg_color …;`): the
    /// only place a colour may be written out.
    static var accentDefinition: Regex<Substring> { /@define-color\s+accent_(?:bg_|fg_)?color\s+[^;]+;/ }

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
        #expect(Self.literalColours(in: "@define-color accent_bg_color #d63d56; .a { color: #fff; }"
            .replacing(Self.accentDefinition, with: "")) == ["#fff"], "only the accent's definition is set aside")
    }

    @Test func theResourceListsTheStyleSheetsAdwaitaLoads() throws {
        let sheets = try Self.styleSheets()
        #expect(sheets.map(\.alias) == ["style.css", "style-dark.css"])
        for sheet in sheets {
            #expect(FileManager.default.fileExists(atPath: sheet.url.path), "\(sheet.url.path) is missing")
        }
        let manifest = try String(contentsOf: Self.manifest, encoding: .utf8)
        #expect(manifest.contains(#"<gresource prefix="/io/github/goodsdesk/GoodsDesk">"#),
                "at the resource base path of io.github.goodsdesk.GoodsDesk")
    }

    @Test func everyColourIsNamedButTheAccent() throws {
        for sheet in try Self.styleSheets() {
            let rules = try Self.rules(sheet.url)
            #expect(rules.contains("@"), "\(sheet.alias) names Adwaita's colours")
            #expect(Self.literalColours(in: rules.replacing(Self.accentDefinition, with: "")) == [], "\(sheet.alias)")
        }
    }

    /// The seeds' pink is the accent: style.css defines all three accent colours.
    @Test func theAccentIsDefined() throws {
        let rules = try Self.rules(try #require(Self.styleSheets().first { $0.alias == "style.css" }).url)
        for name in ["accent_bg_color", "accent_fg_color", "accent_color"] {
            #expect(rules.contains("@define-color \(name) "), "style.css defines @\(name)")
        }
    }

    /// The list's rows keep no transitions: the performance fix of README's "Memory".
    @Test func theListsRowsHaveNoTransitions() throws {
        let rules = try Self.rules(try #require(Self.styleSheets().first { $0.alias == "style.css" }).url)
        #expect(rules.contains("listview.goods-list > row,\nlistview.goods-list > row * {\n  transition: none;"))
    }
}
