import CIntl

extension Localization {
    /// A gettext domain other than the process's, called like `tr`: a plugin with its own
    /// catalogue declares `let tr = Localization.Domain("shelf-detail")` at module level,
    /// which shadows the imported `tr`, so its calls (and xgettext's `tr` keyword) stay as they
    /// are and translate from its catalogue.
    public struct Domain: Sendable, Hashable {
        /// The gettext domain: the catalogue's file name without `.mo`.
        public let name: String

        public init(_ name: String) { self.name = name }

        /// `text` in the user's language, from this domain's catalogue.
        public func callAsFunction(_ text: String) -> String {
            Localization.translate(text, domain: name)
        }

        /// `text` in the user's language with `{0}`, `{1}`… replaced by `arguments`, as `tr` does.
        public func callAsFunction(_ text: String, _ arguments: any CustomStringConvertible...) -> String {
            Localization.substitute(self(text), arguments)
        }

        /// The form of `singular`/`plural` for `count` from this domain's catalogue, with `{0}`
        /// replaced by `count`, as the plural `tr` does.
        public func callAsFunction(_ singular: String, plural: String, count: Int) -> String {
            Localization.translate(singular, plural: plural, count: count, domain: name)
        }

        /// Reads this domain's catalogues from `localeDirectory`
        /// (`<localeDirectory>/<language>/LC_MESSAGES/<name>.mo`), as UTF-8.
        public func bind(localeDirectory: String) {
            bindtextdomain(name, localeDirectory)
            bind_textdomain_codeset(name, "UTF-8")
        }

        /// The folder this domain's catalogues are read from: the one `bind(localeDirectory:)`
        /// gave, else gettext's default (`/usr/share/locale`); nil if gettext cannot say. A host
        /// binds a plugin's domain to its own domain's folder when the plugin ships none.
        public var localeDirectory: String? {
            bindtextdomain(name, nil).map { String(cString: $0) }
        }

        /// The process's domain (`Localization.domain`: the app's, once it called `start`).
        public static var process: Domain { Domain(Localization.domain) }
    }
}
