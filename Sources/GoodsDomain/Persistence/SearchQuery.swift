/// A search as the store runs it: the text looked for, and the SQL that finds it.
///
/// What matches (the same whichever way it is found): an item whose title, description, seller
/// nickname or place contains the query's Unicode scalars in a row, ASCII letters compared without
/// case — SQLite's `LIKE`, which `SearchMatching` mirrors in Swift for highlighting.
struct SearchQuery {
    /// Longer queries are cut to this many scalars (a search box never needs more, and SQLite's
    /// `LIKE` refuses patterns past 50,000 bytes).
    static let maximumLength = 1_000
    /// The trigram index finds runs of three or more characters; shorter queries are scanned for.
    static let indexedLength = 3

    /// The query's scalars, trimmed of white space at either end.
    let scalars: [Unicode.Scalar]

    /// The query searched for `text`; nil when there is nothing to look for (empty, only white
    /// space, or holding U+0000, which SQLite's `LIKE` takes for the pattern's end).
    init?(_ text: String) {
        let trimmed = SearchMatching.normalized(text)
        let scalars = Array(trimmed.unicodeScalars.prefix(Self.maximumLength))
        guard !scalars.isEmpty, !scalars.contains("\0") else { return nil }
        self.scalars = scalars
    }

    /// The text searched for.
    var text: String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }

    /// Whether the trigram index can answer (three or more scalars).
    var usesIndex: Bool { scalars.count >= Self.indexedLength }

    /// The `LIKE` pattern (with `ESCAPE '\'`) matching any text that contains the query: `%`, `_`
    /// and `\` in it stand for themselves.
    var likePattern: String {
        var pattern = String.UnicodeScalarView()
        pattern.append("%")
        for scalar in scalars {
            if scalar == "%" || scalar == "_" || scalar == "\\" { pattern.append("\\") }
            pattern.append(scalar)
        }
        pattern.append("%")
        return String(pattern)
    }

    /// The FTS5 query proposing candidates: every trigram of the query, each quoted (a `"` inside
    /// doubled), all required. Nil below three scalars.
    var matchExpression: String? {
        guard usesIndex else { return nil }
        var seen = Set<String>()
        var terms: [String] = []
        for start in 0...(scalars.count - Self.indexedLength) {
            var trigram = String.UnicodeScalarView()
            trigram.append(contentsOf: scalars[start..<(start + Self.indexedLength)])
            let term = String(trigram)
            guard seen.insert(term).inserted else { continue }
            terms.append("\"" + term.replacing("\"", with: "\"\"") + "\"")
        }
        return terms.joined(separator: " AND ")
    }

    /// The condition a row must meet (with the `LIKE` pattern as parameter `?1`), over `goods g`
    /// joined with `sellers s`.
    static let textCondition = """
        (g.title LIKE ?1 ESCAPE '\\' OR g.description LIKE ?1 ESCAPE '\\'
         OR s.nickname LIKE ?1 ESCAPE '\\' OR g.place LIKE ?1 ESCAPE '\\')
        """
}
