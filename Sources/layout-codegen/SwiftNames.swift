/// Swift names from GtkBuilder ids and file names: `login-label` and `login_label` →
/// `loginLabel`, `goods-list.ui` → `GoodsListLayout`.
enum SwiftNames {
    /// `id` in lower camel case (`header_start` → `headerStart`), or nil when it cannot be one
    /// (empty, or starting with a digit).
    static func property(_ id: String) -> String? {
        let words = self.words(id)
        guard let first = words.first, let initial = first.first, !initial.isNumber else { return nil }
        return first.prefix(1).lowercased() + first.dropFirst() + words.dropFirst().map(capitalised).joined()
    }

    /// The type for the file named `file` in its bundle (`dialogs/confirm.ui` → `ConfirmLayout`),
    /// or nil when the name has no letters to start a type with.
    static func type(ofFile file: String) -> String? {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let stem = base.hasSuffix(".ui") ? String(base.dropLast(3)) : base
        let name = words(stem).map(capitalised).joined()
        guard let initial = name.first, !initial.isNumber else { return nil }
        return name.hasSuffix("Layout") ? name : name + "Layout"
    }

    /// The name as it is written in a declaration: Swift's keywords in backquotes.
    static func declared(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// Names a generated layout uses for itself, or that cannot be a property even in backquotes.
    static let reserved: Set<String> = ["uiLayout", "lifetime", "load", "self", "Self", "Type", "Protocol", "init", "deinit", "subscript"]

    private static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) || !$0.isASCII }).map(String.init)
    }

    private static func capitalised(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    private static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "some", "super", "throws", "true", "try", "_",
    ]
}
