import CGtk
import Foundation
import GoodsDomain
import GtkShim

/// Preferences in GSettings (`io.github.goodsdesk.GoodsDesk`): the last phone number and the
/// window size. Stored by dconf, or in a key file under `XDG_CONFIG_HOME` where there is none.
public final class SettingsPreferences: Preferences, @unchecked Sendable { // safe: GSettings is thread-safe
    public static let schemaID = "io.github.goodsdesk.GoodsDesk"
    private let settings: UnsafeMutablePointer<GSettings>

    /// Settings from the schema in `schemaDirectory` (uninstalled runs) or the system's; nil
    /// when the schema is nowhere, so the caller can fall back to another store.
    public init?(schemaDirectory: URL?, keyFile: URL) {
        guard let settings = goods_settings_new(Self.schemaID, schemaDirectory?.path, keyFile.path) else { return nil }
        self.settings = settings
    }

    deinit {
        g_settings_sync()
        g_object_unref(settings)
    }

    public var lastPhone: String? {
        get {
            guard let value = g_settings_get_string(settings, "last-phone") else { return nil }
            defer { g_free(value) }
            let text = String(cString: value)
            return text.isEmpty ? nil : text
        }
        set {
            // Written by GSettings in the background; `flush` waits for it at exit.
            g_settings_set_string(settings, "last-phone", newValue ?? "")
        }
    }

    public var disabledPlugins: Set<String> {
        get {
            guard let values = g_settings_get_strv(settings, "disabled-plugins") else { return [] }
            defer { g_strfreev(values) }
            var ids = Set<String>()
            var index = 0
            while let value = values[index] {
                ids.insert(String(cString: value))
                index += 1
            }
            return ids
        }
        set {
            let ids = newValue.sorted().map { strdup($0) } + [nil]
            defer { ids.forEach { free($0) } }
            ids.withUnsafeBufferPointer { buffer in
                buffer.baseAddress?.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: ids.count) {
                    _ = g_settings_set_strv(settings, "disabled-plugins", $0)
                }
            }
            // Synced at once: safe mode turns a crashing plugin off here, and the next start must
            // see it even if this process dies right after.
            g_settings_sync()
        }
    }

    /// Waits until every change is written (before the process exits).
    public func flush() { g_settings_sync() }

    /// The window size to restore.
    public var windowSize: (width: Int, height: Int) {
        get { (Int(g_settings_get_int(settings, "window-width")), Int(g_settings_get_int(settings, "window-height"))) }
        set {
            g_settings_set_int(settings, "window-width", gint(clamping: max(320, newValue.width)))
            g_settings_set_int(settings, "window-height", gint(clamping: max(480, newValue.height)))
        }
    }
}
