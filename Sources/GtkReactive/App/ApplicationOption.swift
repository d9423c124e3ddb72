/// A command-line option an `Application` understands (one `g_application_add_main_option`):
/// GIO parses it, lists it in `--help`, and hands its value to `handleLocalOptions` in the
/// launching process and to `handleCommandLine` in the primary instance.
public struct ApplicationOption: Sendable, Equatable {
    /// What the option takes.
    public enum Kind: Sendable, Equatable {
        /// Nothing: present or not (`--version`).
        case flag
        /// One text (`--data-source ID:ARG`; the last one given wins).
        case text
        /// A file name, repeatable: every one given, in order (`--plugin-dir DIR`).
        case paths
    }

    /// The long name, without its dashes (`plugin-dir`).
    public let name: String
    /// A one-letter alias (`-v`), if any.
    public let shortName: Character?
    public let kind: Kind
    /// What `--help` says it does, in the user's language.
    public let summary: String
    /// The value's placeholder in `--help` (`DIR`), for options that take one.
    public let valueName: String?

    public init(_ name: String, shortName: Character? = nil, kind: Kind, summary: String, valueName: String? = nil) {
        self.name = name
        self.shortName = shortName
        self.kind = kind
        self.summary = summary
        self.valueName = valueName
    }
}

/// An option's value as parsed by GIO.
public enum ApplicationOptionValue: Sendable, Equatable {
    case flag
    case text(String)
    case paths([String])
}

/// The options given on one command line, by long name: only those that were given.
public typealias ApplicationOptionValues = [String: ApplicationOptionValue]
