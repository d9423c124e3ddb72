import CIntl

/// Text in the user's language, through gettext (the GNOME standard), for any program: it calls
/// `start(domain:localeDirectory:)` once with its own gettext domain, and `tr` then translates
/// in that domain. A plugin with a catalogue of its own uses a `Domain` (`let tr =
/// Localization.Domain("my-plugin")`). GoodsDesk's source strings are the seeds' Chinese:
/// untranslated, the app reads as the seeds do.
public enum Localization {
    /// The process's gettext domain, which `tr` translates in: the one `start` chose
    /// (`goodsdesk` in GoodsDesk), gettext's `messages` before.
    public static var domain: String {
        textdomain(nil).map { String(cString: $0) } ?? "messages"
    }

    /// Follows the user's locale (`LANG`, `LC_*`, `LANGUAGE`) and makes `domain`, with its
    /// catalogues under `localeDirectory` (`<prefix>/share/locale`), the process's domain for
    /// `tr`. Call once, first thing at start.
    public static func start(domain: String, localeDirectory: String) {
        setlocale(LC_ALL, "")
        Domain(domain).bind(localeDirectory: localeDirectory)
        textdomain(domain)
    }

    /// `start(domain:localeDirectory:)` with the domain named after the program (gettext's
    /// convention: `goodsdesk` for `/usr/bin/goodsdesk`).
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
