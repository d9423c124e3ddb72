import CIntl
import Foundation

/// Text in the user's language, through gettext (the GNOME standard), for any program: it calls
/// `start(domain:localeDirectory:)` once with its own gettext domain, and `tr` then translates
/// in that domain. A plugin with a catalogue of its own uses a `Domain` (`let tr =
/// Localization.Domain("my-plugin")`). The source strings are the app's own language: where a
/// catalogue is silent, the app reads as written.
public enum Localization {
    /// The process's gettext domain, which `tr` translates in: the one `start` chose
    /// (the app's, such as `shelf`), gettext's `messages` before.
    public static var domain: String {
        textdomain(nil).map { String(cString: $0) } ?? "messages"
    }

    /// Follows the user's locale (`LANG`, `LC_*`, `LANGUAGE`) and makes `domain`, with its
    /// catalogues under `localeDirectory` (`<prefix>/share/locale`), the process's domain for
    /// `tr`. Call once, first thing at start.
    ///
    /// The user's languages are tried in gettext's order, then English: a language the app has
    /// no catalogue for reads English, not the untranslated (Chinese) source text; and a
    /// language whose system locale is not installed (`LANG=zh_CN.UTF-8` where only C.UTF-8 is)
    /// still reads its catalogue.
    public static func start(domain: String, localeDirectory: String) {
        setlocale(LC_ALL, "")
        let languages = messageLanguages(environment: ProcessInfo.processInfo.environment) { language in
            FileManager.default.fileExists(atPath: "\(localeDirectory)/\(language)/LC_MESSAGES/\(domain).mo")
        }
        setenv("LANGUAGE", languages.joined(separator: ":"), 1)
        // Plain C (no locale set, or the user's not installed) ignores LANGUAGE and writes
        // ASCII (a translation's other characters become `?`); C.UTF-8, on every glibc
        // system, honours LANGUAGE and writes UTF-8.
        for category in [LC_CTYPE, LC_MESSAGES] {
            let current = setlocale(category, nil).map { String(cString: $0) } ?? "C"
            if current == "C" || current == "POSIX" { setlocale(category, "C.UTF-8") }
        }
        Domain(domain).bind(localeDirectory: localeDirectory)
        textdomain(domain)
    }

    /// The languages to read catalogues in, best first, for a process started in
    /// `environment`: `LANGUAGE`'s list if set, else the language of `LC_ALL`, `LC_MESSAGES` or
    /// `LANG` (the first one set), without its codeset (`zh_CN.UTF-8` → `zh_CN`); then, when
    /// none of them has a catalogue (`hasCatalogue`, asked of each language and its shorter
    /// forms, `zh_CN` then `zh`), English, the one every language falls back to. `C` and `POSIX`
    /// name no language. (A language with a catalogue gets no English after it: what its
    /// catalogue lacks stays in the source language, as its plugins' manifests' names do.)
    public static func messageLanguages(
        environment: [String: String], hasCatalogue: (String) -> Bool = { _ in false }
    ) -> [String] {
        func language(_ value: String) -> String? {
            var name = Substring(value)
            var modifier = Substring("")
            if let at = name.firstIndex(of: "@") {
                modifier = name[at...]
                name = name[..<at]
            }
            if let dot = name.firstIndex(of: ".") { name = name[..<dot] }
            guard !name.isEmpty, name != "C", name != "POSIX" else { return nil }
            return String(name + modifier)
        }
        var languages: [String]
        if let list = environment["LANGUAGE"], !list.isEmpty {
            languages = list.split(separator: ":").compactMap { language(String($0)) }
        } else {
            let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
            languages = locale.flatMap(language).map { [$0] } ?? []
        }
        let catalogued = languages.contains { language in variants(of: language).contains(where: hasCatalogue) }
        if !catalogued && !languages.contains("en") { languages.append("en") }
        return languages
    }

    /// `language` and its shorter forms, as gettext tries them: `sr_RS@latin`, `sr@latin`,
    /// `sr_RS`, `sr`.
    static func variants(of language: String) -> [String] {
        var base = Substring(language)
        var modifier = Substring("")
        if let at = base.firstIndex(of: "@") {
            modifier = base[at...]
            base = base[..<at]
        }
        let short = base.split(separator: "_").first ?? base
        var forms = [String(base + modifier)]
        if short != base { forms.append(String(short + modifier)) }
        if !modifier.isEmpty {
            forms.append(String(base))
            if short != base { forms.append(String(short)) }
        }
        return forms
    }

    /// `start(domain:localeDirectory:)` with the domain named after the program (gettext's
    /// convention: `shelf` for `/usr/bin/shelf`).
    public static func start(localeDirectory: String) {
        start(domain: programName, localeDirectory: localeDirectory)
    }

    /// The last component of the program's path, or `messages` when there is none.
    static var programName: String {
        let name = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? "messages" : name
    }

    /// `text` from the catalogue of `domain` (nil: the process's domain), or `text` itself when
    /// the catalogue has no translation for it.
    static func translate(_ text: String, domain: String?) -> String {
        text.withCString { source in
            // Untranslated, gettext hands back `source` itself, valid only inside this closure.
            let translated = domain.map { dgettext($0, source) } ?? gettext(source)
            guard let translated, translated != source else { return text }
            return String(cString: translated)
        }
    }

    /// `singular` or `plural` (or the catalogue's form for `count`) from the catalogue of
    /// `domain` (nil: the process's domain), with `{0}` replaced by `count`.
    static func translate(_ singular: String, plural: String, count: Int, domain: String?) -> String {
        let n = UInt(clamping: count)
        let form = singular.withCString { one in
            plural.withCString { many -> String in
                // Untranslated, gettext hands back `one` or `many` themselves: copy before leaving.
                let chosen = domain.map { dngettext($0, one, many, n) } ?? ngettext(one, many, n)
                return chosen.map { String(cString: $0) } ?? (n == 1 ? singular : plural)
            }
        }
        return substitute(form, [count])
    }

    /// `text` with `{0}`, `{1}`… replaced by `arguments`, in order (translations may reorder
    /// the placeholders).
    static func substitute(_ text: String, _ arguments: [any CustomStringConvertible]) -> String {
        var result = text
        for (index, argument) in arguments.enumerated() {
            result = result.replacing("{\(index)}", with: argument.description)
        }
        return result
    }
}

/// `text` in the user's language, from the process's domain (`Localization.start`).
public func tr(_ text: String) -> String {
    Localization.translate(text, domain: nil)
}

/// `text` in the user's language with `{0}`, `{1}`… replaced by `arguments` (translations may
/// reorder them).
public func tr(_ text: String, _ arguments: any CustomStringConvertible...) -> String {
    Localization.substitute(tr(text), arguments)
}

/// The form of `singular`/`plural` the user's language uses for `count` (gettext's ngettext: a
/// catalogue has as many forms as its language needs, Chinese one, Polish three), with `{0}`
/// replaced by `count`: `tr("{0} item left", plural: "{0} items left", count: n)`. Untranslated,
/// English's rule (`singular` for 1 only). Extract with xgettext's keyword `tr:1,2`.
public func tr(_ singular: String, plural: String, count: Int) -> String {
    Localization.translate(singular, plural: plural, count: count, domain: nil)
}
