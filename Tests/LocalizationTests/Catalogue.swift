import CIntl
import Foundation

/// A gettext catalogue compiled here, for the test: the `.mo` format (GNU gettext's "MO file
/// format": a header, two tables of (length, offset) pairs sorted by original, NUL-terminated
/// strings), written under every name this process's message locale may be looked up by.
struct Catalogue {
    /// The locale folder holding `<language>/LC_MESSAGES/<domain>.mo`.
    let directory: URL

    /// A catalogue of `domain` under `languages`' names (default: every name this process's
    /// message locale may be looked up by).
    init(domain: String, _ translations: [String: String], languages: [String]? = nil) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("localization-\(UUID().uuidString)")
        let bytes = Self.mo(translations)
        for language in languages ?? Self.languages {
            let folder = directory.appendingPathComponent("\(language)/LC_MESSAGES")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try bytes.write(to: folder.appendingPathComponent("\(domain).mo"))
        }
    }

    /// The message locale the tests run in; C.UTF-8 is on every glibc system and, unlike C,
    /// translates.
    static let locale = "C.UTF-8"

    /// The names gettext tries for `locale`, and for `LANGUAGE`'s entries (which come first);
    /// `en`, the language `Localization.start` falls back to.
    static var languages: [String] {
        let listed = (ProcessInfo.processInfo.environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init)
        return listed + ["en", "C.UTF-8", "C.utf8", "C"]
    }

    /// Runs `body` with the message locale set to `locale` and the process's domain as it was
    /// before, both restored afterwards.
    static func withMessageLocale<T>(_ body: () throws -> T) rethrows -> T {
        let savedLocale = setlocale(LC_ALL, nil).map { String(cString: $0) }
        let savedDomain = textdomain(nil).map { String(cString: $0) }
        defer {
            if let savedLocale { setlocale(LC_ALL, savedLocale) }
            if let savedDomain { textdomain(savedDomain) }
        }
        setlocale(LC_MESSAGES, locale)
        return try body()
    }

    private static func mo(_ translations: [String: String]) -> Data {
        // A plural entry is "singular\0plural" → "form 0\0form 1". The header entry (msgid "")
        // names the charset and the plural rule; originals sorted bytewise, as gettext
        // searches them by bisection.
        let entries = ([("", "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n")] + translations.map { ($0.key, $0.value) })
            .sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
        let count = UInt32(entries.count)
        let headerSize: UInt32 = 28
        let originals = headerSize
        let translated = originals + 8 * count
        var stringsOffset = translated + 8 * count
        var strings = Data()
        var originalTable = [UInt32](), translatedTable = [UInt32]()
        for (original, _) in entries {
            originalTable += [UInt32(original.utf8.count), stringsOffset]
            strings.append(contentsOf: Array(original.utf8) + [0])
            stringsOffset += UInt32(original.utf8.count + 1)
        }
        for (_, translation) in entries {
            translatedTable += [UInt32(translation.utf8.count), stringsOffset]
            strings.append(contentsOf: Array(translation.utf8) + [0])
            stringsOffset += UInt32(translation.utf8.count + 1)
        }
        // magic, revision, count, originals, translations, hash table size (none) and offset.
        let tables: [UInt32] = [0x9504_12de, 0, count, originals, translated, 0, stringsOffset] + originalTable + translatedTable
        var data = Data()
        for word in tables { withUnsafeBytes(of: word.littleEndian) { data.append(contentsOf: $0) } }
        data.append(strings)
        return data
    }
}
