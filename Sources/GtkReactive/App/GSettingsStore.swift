import CGtk
import Foundation
import GtkShim
import Reactive

/// A value GSettings stores that `GSettingsStore` reads and writes typed: `Bool` (`b`), `Int`
/// (`i`), `String` (`s`) and `[String]` (`as`).
public protocol GSettingsValue: Sendable {
    /// The GVariant type string of the keys holding it.
    static var variantType: String { get }
    /// The value in `variant` (of `variantType`).
    init?(variant: OpaquePointer)
    /// A new floating GVariant holding the value; nil when the type cannot hold it (an `Int`
    /// beyond 32 bits).
    func makeVariant() -> OpaquePointer?
}

extension Bool: GSettingsValue {
    public static var variantType: String { "b" }
    public init?(variant: OpaquePointer) { self = g_variant_get_boolean(variant) != 0 }
    public func makeVariant() -> OpaquePointer? { g_variant_new_boolean(self ? 1 : 0) }
}

extension Int: GSettingsValue {
    public static var variantType: String { "i" }
    public init?(variant: OpaquePointer) { self = Int(g_variant_get_int32(variant)) }
    public func makeVariant() -> OpaquePointer? { Int32(exactly: self).map { g_variant_new_int32($0) } }
}

extension String: GSettingsValue {
    public static var variantType: String { "s" }
    public init?(variant: OpaquePointer) {
        guard let text = g_variant_get_string(variant, nil) else { return nil }
        self = String(cString: text)
    }
    public func makeVariant() -> OpaquePointer? { g_variant_new_string(self) }
}

extension Array: GSettingsValue where Element == String {
    public static var variantType: String { "as" }
    public init?(variant: OpaquePointer) {
        var count: gsize = 0
        guard let values = g_variant_get_strv(variant, &count) else { return nil }
        defer { g_free(values) }
        self = (0..<Int(count)).compactMap { values[$0].map { String(cString: $0) } }
    }
    public func makeVariant() -> OpaquePointer? {
        let copies = map { UnsafePointer(strdup($0)) } + [nil]
        defer { copies.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        return copies.withUnsafeBufferPointer { g_variant_new_strv($0.baseAddress, gssize(count)) }
    }
}

/// A key of a schema and the type of its value, so reads and writes are checked at compile time:
/// `static let volume = GSettingsKey<Int>("volume")`.
public struct GSettingsKey<Value: GSettingsValue>: Sendable, Hashable {
    public let name: String
    public init(_ name: String) { self.name = name }
}

/// Settings in GSettings, typed: one schema, opened from a folder of compiled schemas (an
/// uninstalled program's) or the system's, stored by dconf — or, where the system has no
/// persistent backend (no dconf: GSettings would keep them in memory only), in a key file.
///
/// Reading a key the schema lacks or holds with another type gives nil, and writing one (or a
/// value out of the key's range) gives false: never a GLib critical, whatever the installed
/// schema says. Thread-safe, as GSettings is.
public final class GSettingsStore: @unchecked Sendable { // safe: GSettings locks its own state; `settings` and `schema` never change
    /// The schema's id (`org.example.App`).
    public let schemaID: String
    /// The GSettings object, for what this does not wrap (binding a property, say).
    public let settings: UnsafeMutablePointer<GSettings>
    private let schema: OpaquePointer

    /// The settings of `schemaID`: the schema from `schemaDirectory` when it holds a compiled
    /// one (`gschemas.compiled`), else from the installed ones; nil when it is in neither.
    /// Without a persistent backend they are kept in `keyFile` (its folder is made, mode 0700),
    /// or in memory when `keyFile` is nil.
    public init?(schemaID: String, schemaDirectory: URL? = nil, keyFile: URL? = nil) {
        guard let settings = grshim_settings_new(schemaID, schemaDirectory?.path, keyFile?.path) else { return nil }
        // The schema, for checking keys and types (g_object_get is variadic: a GValue instead).
        var value = GValue()
        g_value_init(&value, g_settings_schema_get_type())
        g_object_get_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), "settings-schema", &value)
        let schema = g_value_dup_boxed(&value)
        g_value_unset(&value)
        guard let schema else {
            g_object_unref(settings)
            return nil
        }
        self.schemaID = schemaID
        self.settings = settings
        self.schema = OpaquePointer(schema)
    }

    deinit {
        g_settings_sync()
        g_object_unref(settings)
        g_settings_schema_unref(schema)
    }

    /// The names of the schema's keys, sorted.
    public var keys: [String] {
        guard let names = g_settings_schema_list_keys(schema) else { return [] }
        defer { g_strfreev(names) }
        var keys: [String] = []
        var index = 0
        while let name = names[index] {
            keys.append(String(cString: name))
            index += 1
        }
        return keys.sorted()
    }

    /// The GVariant type string of `key` (`b`, `i`, `as`…); nil when the schema has no such key.
    public func variantType(of key: String) -> String? {
        guard g_settings_schema_has_key(schema, key) != 0, let schemaKey = g_settings_schema_get_key(schema, key) else { return nil }
        defer { g_settings_schema_key_unref(schemaKey) }
        guard let type = g_settings_schema_key_get_value_type(schemaKey), let text = g_variant_type_dup_string(type) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The value of `key`, or nil when the schema has no such key or stores another type.
    public func value<Value: GSettingsValue>(_ key: String, as type: Value.Type = Value.self) -> Value? {
        guard variantType(of: key) == Value.variantType, let variant = g_settings_get_value(settings, key) else { return nil }
        defer { g_variant_unref(variant) }
        return Value(variant: variant)
    }

    /// Writes `value` to `key`; false (and nothing written) when the schema has no such key,
    /// stores another type, the value is outside the key's range, or the key is not writable.
    /// GSettings writes in the background: `sync` waits for it.
    @discardableResult
    public func set<Value: GSettingsValue>(_ value: Value, for key: String) -> Bool {
        guard variantType(of: key) == Value.variantType,
              let schemaKey = g_settings_schema_get_key(schema, key) else { return false }
        defer { g_settings_schema_key_unref(schemaKey) }
        guard let variant = value.makeVariant().flatMap({ g_variant_ref_sink($0) }) else { return false }
        defer { g_variant_unref(variant) }
        guard g_settings_schema_key_range_check(schemaKey, variant) != 0, g_settings_is_writable(settings, key) != 0 else { return false }
        return g_settings_set_value(settings, key, variant) != 0
    }

    /// The value of `key`, typed by the key.
    public subscript<Value>(key: GSettingsKey<Value>) -> Value? { value(key.name, as: Value.self) }

    /// Writes `value` to `key` (see `set(_:for:)`).
    @discardableResult
    public func set<Value>(_ value: Value, for key: GSettingsKey<Value>) -> Bool { set(value, for: key.name) }

    /// Puts `key` back to its default (the schema's, or the system administrator's).
    public func reset(_ key: String) {
        guard g_settings_schema_has_key(schema, key) != 0 else { return }
        g_settings_reset(settings, key)
    }

    /// Waits until every change made in this process is written (before it exits, or before
    /// something that must survive a crash).
    public func sync() { g_settings_sync() }

    /// The name of each key that changes (of `key` only, if given) — by this process or another
    /// — from when the producer starts, on the GTK thread; the producer never ends by itself.
    /// Lazy: it connects to GSettings' `changed` when started and disconnects when disposed.
    /// Change notices arrive through the main loop of the thread that opened the settings.
    public func changes(of key: String? = nil) -> SignalProducer<String, Never> {
        let signal = key.map { "changed::\($0)" } ?? "changed"
        // The producer keeps the store (and so its GSettings) alive while it runs.
        return SignalProducer { [self] observer, run in
            GtkThread.run {
                guard !run.hasEnded else { return }
                run += SignalConnection(UnsafeMutableRawPointer(self.settings), signal: signal, arguments: 1, receiving: { name in
                    guard let name else { return }
                    observer.send(value: String(cString: name.assumingMemoryBound(to: CChar.self)))
                })
                run += AnyDisposable { withExtendedLifetime(self) {} }
            }
        }
    }
}
