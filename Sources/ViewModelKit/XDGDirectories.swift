import Foundation

/// The folders the freedesktop Base Directory specification gives an app's files: data
/// (`XDG_DATA_HOME`, else `~/.local/share`), configuration (`XDG_CONFIG_HOME`, else
/// `~/.config`) and cache (`XDG_CACHE_HOME`, else `~/.cache`). A variable that is empty or not
/// an absolute path is ignored, as the specification says. Pure: it reads an environment, so a
/// test passes one of its own and an app's files never land in the real home.
public struct XDGDirectories: Sendable, Equatable {
    public let dataHome: URL
    public let configHome: URL
    public let cacheHome: URL

    /// The folders `environment` names (the process's by default).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        func folder(_ variable: String, _ fallback: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value, isDirectory: true) }
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback, isDirectory: true)
        }
        dataHome = folder("XDG_DATA_HOME", ".local/share")
        configHome = folder("XDG_CONFIG_HOME", ".config")
        cacheHome = folder("XDG_CACHE_HOME", ".cache")
    }

    /// `app`'s data folder (`$XDG_DATA_HOME/app`). Not created here: a store creates it as it writes.
    public func data(_ app: String) -> URL { dataHome.appendingPathComponent(app, isDirectory: true) }
    /// `app`'s configuration folder (`$XDG_CONFIG_HOME/app`).
    public func config(_ app: String) -> URL { configHome.appendingPathComponent(app, isDirectory: true) }
    /// `app`'s cache folder (`$XDG_CACHE_HOME/app`).
    public func cache(_ app: String) -> URL { cacheHome.appendingPathComponent(app, isDirectory: true) }
}
