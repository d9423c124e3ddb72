import CIntl

/// The app's text in the user's language, through gettext (the GNOME standard), domain
/// `goodsdesk`. Source strings are the seeds' Chinese: untranslated, the app reads as the seeds do.
public enum Localization {
    /// The gettext domain of GoodsDesk and the plugins in its repository.
    public static let domain = "goodsdesk"

    /// Follows the user's locale (`LANG`, `LC_*`, `LANGUAGE`) with the catalogues under
    /// `localeDirectory` (`<prefix>/share/locale`). Call once, first thing at start.
    public static func start(localeDirectory: String) {
        setlocale(LC_ALL, "")
        bindtextdomain(domain, localeDirectory)
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }
}

/// `text` in the user's language.
public func tr(_ text: String) -> String {
    text.withCString { source in
        // Untranslated, gettext hands back `source` itself, valid only inside this closure.
        guard let translated = dgettext(Localization.domain, source), translated != source else { return text }
        return String(cString: translated)
    }
}

/// `text` in the user's language with `{0}`, `{1}`… replaced by `arguments` (translations may
/// reorder them).
public func tr(_ text: String, _ arguments: any CustomStringConvertible...) -> String {
    var result = tr(text)
    for (index, argument) in arguments.enumerated() {
        result = result.replacing("{\(index)}", with: argument.description)
    }
    return result
}
