import Localization

/// What the command line asks for. Parsed before GTK starts, so a mistake gets a clear message
/// and the usage instead of a window.
public struct LaunchOptions: Sendable, Equatable {
    /// A `--data-source <id>:<argument>` choice.
    public struct DataSourceChoice: Sendable, Equatable {
        public let id: String
        public let argument: String
        public init(id: String, argument: String) {
            self.id = id
            self.argument = argument
        }

        /// Reads `ID:ARGUMENT` (the argument may hold colons; the id may not be empty).
        public init(parsing text: String) throws(LaunchOptionsError) {
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
                throw LaunchOptionsError("--data-source takes ID:ARGUMENT (for example mhdemo:/path/to/folder), not \"\(text)\"")
            }
            self.init(id: String(text[..<colon]), argument: String(text[text.index(after: colon)...]))
        }
    }

    /// `--plugin-dir DIR`, in order (repeatable).
    public var pluginDirectories: [String] = []
    /// `--data-source ID:ARGUMENT`; nil for the app's own data set.
    public var dataSource: DataSourceChoice?
    /// `--help`.
    public var showHelp = false
    /// `--version`.
    public var showVersion = false
    /// `--gapplication-service` (GIO's own option): start without a window and wait for a
    /// D-Bus activation. `parse` accepts it; GIO acts on it.
    public var runsAsService = false

    public init() {}

    /// Reads `arguments` (without the program name).
    public static func parse(_ arguments: [String]) throws(LaunchOptionsError) -> LaunchOptions {
        var options = LaunchOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = split(argument)
            func value() throws(LaunchOptionsError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw LaunchOptionsError("\(name) needs a value") }
                return next
            }
            switch name {
            case "--plugin-dir":
                options.pluginDirectories.append(try pluginDirectory(value()))
            case "--data-source":
                options.dataSource = try DataSourceChoice(parsing: value())
            case "--help", "-h":
                options.showHelp = true
            case "--version":
                options.showVersion = true
            case "--gapplication-service":
                options.runsAsService = true
            case "--help-all", "--help-gapplication":
                options.showHelp = true
            default:
                throw LaunchOptionsError(argument.hasPrefix("-") ? "unknown option \(name)" : "unexpected argument \"\(argument)\"")
            }
            if inlineValue != nil && Self.takesNoValue.contains(name) {
                throw LaunchOptionsError("\(name) takes no value")
            }
        }
        return options
    }

    /// The options that take no value (`--version=2` is a mistake).
    private static let takesNoValue: Set<String> = ["--help", "-h", "--version", "--gapplication-service", "--help-all", "--help-gapplication"]

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The usage text `--help` prints: every option and environment variable, described in the
    /// user's language.
    public static var usage: String {
        let options = [
            ("--plugin-dir DIR", tr("Also load plugins from DIR (an absolute path; repeatable)")),
            ("--data-source ID:ARG", tr("Browse the data of data source ID, given ARG (for example mhdemo:/path/to/folder)")),
            ("-h, --help", tr("Show this help and exit")),
            ("--version", tr("Show the version and exit")),
        ]
        return [
            tr("Usage: goodsdesk [OPTION…]"), "",
            tr("Browse second-hand goods: a desktop app built on an MVVM framework for GTK 4."), "",
            tr("Options:"), table(options), "",
            tr("Environment:"), table(variables),
        ].joined(separator: "\n")
    }
}

extension LaunchOptions {
    /// Every environment variable GoodsDesk reads, described in the user's language.
    static var variables: [(String, String)] {
        [
            ("GOODSDESK_PLUGIN_PATH", tr("Colon-separated plugin folders (absolute paths)")),
            ("GOODSDESK_DATA_DIR", tr("The data set to import on first run")),
            ("GOODSDESK_LATENCY_MS", tr("Replaces every simulated network latency (milliseconds)")),
            ("GOODSDESK_TRACE", tr("1 logs the events of every named signal")),
            ("GOODSDESK_LOCALE_DIR", tr("Where the translations are (default: beside the data)")),
            ("XDG_DATA_HOME", tr("The database and your own plugins (goodsdesk/, goodsdesk/plugins/)")),
            ("XDG_CONFIG_HOME", tr("Preferences when no settings schema is installed")),
            ("XDG_CACHE_HOME", tr("Downloaded pictures")),
            ("XDG_STATE_HOME", tr("Which plugin was loading when GoodsDesk last quit (safe mode)")),
        ]
    }

    /// `rows` as `--help` lays them out: two columns.
    static func table(_ rows: [(String, String)]) -> String {
        rows.map { "  " + $0.0.padding(toLength: 24, withPad: " ", startingAt: 0) + "  " + $0.1 }.joined(separator: "\n")
    }
}

/// A command line GoodsDesk cannot follow.
public struct LaunchOptionsError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
