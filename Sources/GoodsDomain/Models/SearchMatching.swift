import Foundation

/// How search compares text, for highlighting what it found: Unicode scalars in a row, ASCII
/// letters without case (as SQLite's `LIKE`, which the store searches with).
public enum SearchMatching {
    /// The query as it is searched for: white space and line breaks at either end dropped.
    public static func normalized(_ query: String) -> String {
        query.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Where `query` (normalized) occurs in `text`, as ranges of `text`'s scalars, in order, with
    /// overlapping or touching occurrences joined ("aa" in "aaa" is one range over all three).
    /// Empty when it does not occur or is empty.
    public static func ranges(of query: String, in text: String) -> [Range<String.Index>] {
        let needle = normalized(query).unicodeScalars.map(fold)
        guard !needle.isEmpty else { return [] }
        let indices = Array(text.unicodeScalars.indices) + [text.endIndex]
        let haystack = text.unicodeScalars.map(fold)
        guard haystack.count >= needle.count else { return [] }
        var merged: [Range<Int>] = []
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            let found = start..<(start + needle.count)
            if let last = merged.last, last.upperBound >= found.lowerBound {
                merged[merged.count - 1] = last.lowerBound..<found.upperBound
            } else {
                merged.append(found)
            }
        }
        return merged.map { indices[$0.lowerBound]..<indices[$0.upperBound] }
    }

    /// An ASCII capital as its small letter; every other scalar as it is.
    static func fold(_ scalar: Unicode.Scalar) -> UInt32 {
        (65...90).contains(scalar.value) ? scalar.value + 32 : scalar.value
    }
}
