import Foundation

/// Where GoodsDesk keeps and finds things, following the XDG base directories, and the
/// environment switches it honours. Tests isolate the app by pointing `XDG_*` at a temporary
/// folder.
public struct AppEnvironment: Sendable {
    /// `$XDG_DATA_HOME/goodsdesk` (default `~/.local/share/goodsdesk`): the database.
    public var dataDirectory: URL
    /// `$XDG_CONFIG_HOME/goodsdesk` (default `~/.config/goodsdesk`): preferences.
    public var configDirectory: URL
    /// `$XDG_CACHE_HOME/goodsdesk` (default `~/.cache/goodsdesk`): downloaded pictures.
    public var cacheDirectory: URL
    /// `$XDG_STATE_HOME/goodsdesk` (default `~/.local/state/goodsdesk`): what must survive a
    /// crash, such as the plugin being loaded (plugin safe mode).
    public var stateDirectory: URL
    /// The data set imported on first run (`GOODSDESK_DATA_DIR`, else found beside the program).
    public var dataSetDirectory: URL
    /// `GOODSDESK_LATENCY_MS`: replaces every simulated network latency; nil keeps the seeds'.
    public var latency: Duration?
    /// `GOODSDESK_PLUGIN_PATH`: colon-separated plugin folders.
    public var pluginPath: String?
    /// The install prefix's plugin folder, when the program is installed (`<prefix>/bin/goodsdesk`):
    /// `<prefix>/<libdir>/goodsdesk/plugins` for the libdir the build embeds (InstallLayout), else,
    /// or when that folder is missing and `<prefix>/lib/goodsdesk/plugins` exists, the latter.
    public var prefixPluginDirectory: URL?
    /// `GOODSDESK_TRACE=1`: named signals log their events.
    public var trace: Bool
    /// The translations (`<lang>/LC_MESSAGES/goodsdesk.mo`): `GOODSDESK_LOCALE_DIR`, else the
    /// prefix's `share/locale` beside an installed data set, else `.build/locale` in the source
    /// tree (where the run and test commands compile `po/`).
    public var localeDirectory: URL

    /// The folder of the data set, the style sheet and (uninstalled) the icons and compiled
    /// schema: `data/` in the source tree, `<prefix>/share/goodsdesk` installed.
    public var dataFolder: URL { dataSetDirectory.deletingLastPathComponent() }

    public var databasePath: String { dataDirectory.appendingPathComponent("goodsdesk.sqlite").path }
    public var preferencesFile: URL { configDirectory.appendingPathComponent("preferences") }

    /// The environment described by `variables` (the process's by default), for a program at
    /// `executable` built for the install `libdir` (relative to the prefix; the build's own by
    /// default, see InstallLayout).
    public init(
        variables: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = URL(fileURLWithPath: CommandLine.arguments.first ?? "goodsdesk"),
        libdir: String? = InstallLayout.libdir
    ) {
        let home = URL(fileURLWithPath: variables["HOME"] ?? NSHomeDirectory())
        func base(_ name: String, _ fallback: String) -> URL {
            if let value = variables[name], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            return home.appendingPathComponent(fallback)
        }
        dataDirectory = base("XDG_DATA_HOME", ".local/share").appendingPathComponent("goodsdesk")
        configDirectory = base("XDG_CONFIG_HOME", ".config").appendingPathComponent("goodsdesk")
        cacheDirectory = base("XDG_CACHE_HOME", ".cache").appendingPathComponent("goodsdesk")
        stateDirectory = base("XDG_STATE_HOME", ".local/state").appendingPathComponent("goodsdesk")
        latency = variables["GOODSDESK_LATENCY_MS"].flatMap { Int($0.trimmingWhitespace()) }.flatMap { $0 >= 0 ? .milliseconds($0) : nil }
        pluginPath = variables["GOODSDESK_PLUGIN_PATH"]
        trace = variables["GOODSDESK_TRACE"].map { $0 == "1" || $0.lowercased() == "true" } ?? false
        let program = executable.resolvingSymlinksInPath()
        if program.deletingLastPathComponent().lastPathComponent == "bin" {
            prefixPluginDirectory = Self.prefixPluginDirectory(
                prefix: program.deletingLastPathComponent().deletingLastPathComponent(), libdir: libdir)
        }
        if let explicit = variables["GOODSDESK_DATA_DIR"], !explicit.isEmpty {
            dataSetDirectory = URL(fileURLWithPath: explicit)
        } else {
            dataSetDirectory = Self.findDataSet(near: program)
                ?? URL(fileURLWithPath: "/usr/share/goodsdesk/dataset")
        }
        if let explicit = variables["GOODSDESK_LOCALE_DIR"], explicit.hasPrefix("/") {
            localeDirectory = URL(fileURLWithPath: explicit)
        } else {
            localeDirectory = Self.localeDirectory(beside: Self.findDataSet(near: program) ?? dataSetDirectory)
        }
    }

    /// `<prefix>/<libdir>/goodsdesk/plugins`, unless that folder is missing and the old
    /// `<prefix>/lib/goodsdesk/plugins` exists; the latter when there is no (valid) libdir.
    static func prefixPluginDirectory(prefix: URL, libdir: String?) -> URL {
        let fallback = prefix.appendingPathComponent("lib/goodsdesk/plugins")
        guard let libdir = libdir.flatMap(InstallLayout.validated) else { return fallback }
        let primary = prefix.appendingPathComponent(libdir).appendingPathComponent("goodsdesk/plugins")
        if !FileManager.default.fileExists(atPath: primary.path) && FileManager.default.fileExists(atPath: fallback.path) {
            return fallback
        }
        return primary
    }

    /// Where translations live for a data set at `dataSet`: `<prefix>/share/locale` for
    /// `<prefix>/share/goodsdesk/dataset`, `<tree>/.build/locale` for `<tree>/data/dataset`.
    static func localeDirectory(beside dataSet: URL) -> URL {
        let folder = dataSet.deletingLastPathComponent()
        if folder.lastPathComponent == "goodsdesk" {
            return folder.deletingLastPathComponent().appendingPathComponent("locale")
        }
        return folder.deletingLastPathComponent().appendingPathComponent(".build/locale")
    }

    /// The data set installed beside the program (`<prefix>/share/goodsdesk/dataset` for
    /// `<prefix>/bin/goodsdesk`), or in the source tree that built it (`data/dataset`).
    static func findDataSet(near executable: URL) -> URL? {
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<6 {
            for candidate in ["share/goodsdesk/dataset", "data/dataset"] {
                let url = folder.appendingPathComponent(candidate)
                if FileManager.default.fileExists(atPath: url.appendingPathComponent("banners.json").path) { return url }
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
