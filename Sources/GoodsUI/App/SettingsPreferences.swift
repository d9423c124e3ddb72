import Foundation
import GoodsDomain
import GtkReactive

/// Preferences in GSettings (`io.github.goodsdesk.GoodsDesk`): the last phone number, the
/// plugins turned off and the window size. Stored by dconf, or in a key file under
/// `XDG_CONFIG_HOME` where there is none. An adapter of the app's keys over `GSettingsStore`.
public final class SettingsPreferences: Preferences, Sendable {
    /// The schema's id: the application id (APP_ID).
    public static let schemaID = ProjectFacts.applicationID

    /// The schema's keys, typed.
    private enum Key {
        static let lastPhone = GSettingsKey<String>("last-phone")
        static let disabledPlugins = GSettingsKey<[String]>("disabled-plugins")
        static let windowWidth = GSettingsKey<Int>("window-width")
        static let windowHeight = GSettingsKey<Int>("window-height")
    }

    /// The smallest window size kept (a smaller one would not show the login form).
    private static let minimumSize = (width: 320, height: 480)

    private let store: GSettingsStore

    /// Settings from the schema in `schemaDirectory` (uninstalled runs) or the system's; nil
    /// when the schema is nowhere, so the caller can fall back to another store.
    public init?(schemaDirectory: URL?, keyFile: URL) {
        guard let store = GSettingsStore(schemaID: Self.schemaID, schemaDirectory: schemaDirectory, keyFile: keyFile) else { return nil }
        self.store = store
    }

    public var lastPhone: String? {
        get { store[Key.lastPhone].flatMap { $0.isEmpty ? nil : $0 } }
        // Written by GSettings in the background; `flush` waits for it at exit.
        set { store.set(newValue ?? "", for: Key.lastPhone) }
    }

    public var disabledPlugins: Set<String> {
        get { Set(store[Key.disabledPlugins] ?? []) }
        set {
            store.set(newValue.sorted(), for: Key.disabledPlugins)
            // Synced at once: safe mode turns a crashing plugin off here, and the next start must
            // see it even if this process dies right after.
            store.sync()
        }
    }

    /// Waits until every change is written (before the process exits).
    public func flush() { store.sync() }

    /// The window size to restore.
    public var windowSize: (width: Int, height: Int) {
        get { (store[Key.windowWidth] ?? 0, store[Key.windowHeight] ?? 0) }
        // A size beyond the schema's range is not written (the last one stays).
        set {
            store.set(max(Self.minimumSize.width, newValue.width), for: Key.windowWidth)
            store.set(max(Self.minimumSize.height, newValue.height), for: Key.windowHeight)
        }
    }
}
