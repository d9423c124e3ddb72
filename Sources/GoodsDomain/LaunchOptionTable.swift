import Localization

extension LaunchOptions {
    /// One of GoodsDesk's own command-line options, as a toolkit's option parser (GApplication's)
    /// needs it described: `--help` lists it, the parser hands back its value.
    public struct Option: Sendable, Equatable {
        /// What the option takes.
        public enum Kind: Sendable, Equatable {
            /// Nothing (`--version`).
            case flag
            /// One text (`--data-source ID:ARG`).
            case text
            /// A folder, repeatable (`--plugin-dir DIR`).
            case folders
        }

        /// The long name without its dashes.
        public let name: String
        public let kind: Kind
        /// The value's placeholder in `--help`.
        public let valueName: String?
        /// What `--help` says, in the user's language.
        public let summary: String
    }

    /// A value the parser read for an option.
    public enum Value: Sendable, Equatable {
        case flag
        case text(String)
        case folders([String])
    }

    /// The options GoodsDesk adds to the toolkit's (which brings `--help` and
    /// `--gapplication-service`), in `--help`'s order.
    public static var table: [Option] {
        [
            Option(name: "plugin-dir", kind: .folders, valueName: "DIR",
                   summary: tr("Also load plugins from DIR (an absolute path; repeatable)")),
            Option(name: "data-source", kind: .text, valueName: "ID:ARG",
                   summary: tr("Browse the data of data source ID, given ARG (for example mhdemo:/path/to/folder)")),
            Option(name: "version", kind: .flag, valueName: nil, summary: tr("Show the version and exit")),
        ]
    }

    /// The options of `values` (by long name, as the toolkit parsed them), checked as `parse`
    /// checks a command line: an empty plugin folder or a data source that is not ID:ARGUMENT
    /// is a mistake. Names GoodsDesk does not know are ignored (the toolkit's own).
    public init(values: [String: Value]) throws(LaunchOptionsError) {
        self.init()
        if case let .folders(folders)? = values["plugin-dir"] {
            pluginDirectories = try folders.map { (folder) throws(LaunchOptionsError) in try Self.pluginDirectory(folder) }
        }
        if case let .text(text)? = values["data-source"] {
            dataSource = try DataSourceChoice(parsing: text)
        }
        showVersion = values["version"] == .flag
    }

    /// `folder` as a plugin folder: any non-empty path (the search path checks the rest).
    static func pluginDirectory(_ folder: String) throws(LaunchOptionsError) -> String {
        guard !folder.isEmpty else { throw LaunchOptionsError("--plugin-dir needs a folder") }
        return folder
    }

    /// The environment section of `--help`: every variable GoodsDesk reads, described.
    public static var environmentHelp: String {
        [tr("Environment:"), table(variables)].joined(separator: "\n")
    }
}
