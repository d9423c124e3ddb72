import Foundation
import Synchronization

/// What the app remembers between runs. Never the verify code: it is a one-time secret.
public protocol Preferences: AnyObject, Sendable {
    /// The phone number of the last successful login.
    var lastPhone: String? { get set }
    /// Ids of the plugins the user turned off in the 插件 dialog (applied at the next start).
    var disabledPlugins: Set<String> { get set }
}

/// Preferences kept in memory (tests).
public final class MemoryPreferences: Preferences {
    private let storage: Mutex<(lastPhone: String?, disabledPlugins: Set<String>)>
    public init(lastPhone: String? = nil, disabledPlugins: Set<String> = []) {
        storage = Mutex((lastPhone, disabledPlugins))
    }
    public var lastPhone: String? {
        get { storage.withLock { $0.lastPhone } }
        set { storage.withLock { $0.lastPhone = newValue } }
    }
    public var disabledPlugins: Set<String> {
        get { storage.withLock { $0.disabledPlugins } }
        set { storage.withLock { $0.disabledPlugins = newValue } }
    }
}

/// Preferences in a small `key=value` file (under `XDG_CONFIG_HOME/goodsdesk` in the app). An
/// unreadable file reads as empty preferences; a failed write is reported to `log`, never fatal.
public final class FilePreferences: Preferences {
    private let url: URL
    private let log: @Sendable (String) -> Void
    private let cache = Mutex<[String: String]>([:])

    public init(url: URL, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.url = url
        self.log = log
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        cache.withLock { $0 = values }
    }

    public var lastPhone: String? {
        get { cache.withLock { $0["last-phone"] } }
        set { update("last-phone", newValue) }
    }

    public var disabledPlugins: Set<String> {
        get { Set(cache.withLock { $0["disabled-plugins"] ?? "" }.split(separator: ",").map(String.init)) }
        set { update("disabled-plugins", newValue.isEmpty ? nil : newValue.sorted().joined(separator: ",")) }
    }

    private func update(_ key: String, _ value: String?) {
        let clean = value?.filter { $0 != "\n" && $0 != "\r" }
        let text = cache.withLock { values -> String in
            values[key] = clean
            return values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)\n" }.joined()
        }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            log("GoodsDesk: cannot save preferences to \(url.path): \(error.localizedDescription)")
        }
    }
}
