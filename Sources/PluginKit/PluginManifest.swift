import CGtk
import Foundation

/// A plugin's manifest: a GLib key file (`*.plugin`, in the spirit of libpeas) that says where its
/// module is and who it is, read before any code of the plugin is loaded.
///
/// ```ini
/// [Plugin]
/// Id=org.example.shelf.detail
/// Module=book-detail
/// Name=书籍详情
/// Description=Opens a book's detail page.
/// Version=1.0
/// Authors=The Shelf developers
/// API-Version=1
/// Gettext-Domain=shelf-detail
/// ```
///
/// `Gettext-Domain` (optional) names the plugin's own catalogue, which the loader binds before
/// the plugin's code runs (`PluginLoader`).
public struct PluginManifest: Sendable, Equatable {
    public let file: URL
    public let id: String
    /// The module's base name: `lib<Module>.so` beside the manifest.
    public let module: String
    public let name: String
    public let description: String
    public let version: String
    public let authors: [String]
    public let apiVersion: Int
    /// The plugin's own gettext domain (`Gettext-Domain`), or nil when it has none and its text
    /// is untranslated or the app's.
    public let gettextDomain: String?

    public init(
        file: URL, id: String, module: String, name: String, description: String, version: String,
        authors: [String], apiVersion: Int, gettextDomain: String? = nil
    ) {
        self.file = file
        self.id = id
        self.module = module
        self.name = name
        self.description = description
        self.version = version
        self.authors = authors
        self.apiVersion = apiVersion
        self.gettextDomain = gettextDomain
    }

    /// The shared library the manifest points at.
    public var moduleFile: URL {
        file.deletingLastPathComponent().appendingPathComponent("lib\(module).so")
    }

    /// Where the plugin's own catalogues are, if it ships them beside its manifest:
    /// `locale/<language>/LC_MESSAGES/<Gettext-Domain>.mo` in the manifest's folder.
    public var localeDirectory: URL {
        file.deletingLastPathComponent().appendingPathComponent("locale", isDirectory: true)
    }

    /// What the 插件 dialog shows for a plugin that is not loaded yet.
    public var info: PluginInfo { PluginInfo(id: id, name: name, version: version, apiVersion: apiVersion) }

    static let group = "Plugin"

    /// The largest manifest read; a real one is a few hundred bytes.
    public static let maximumSize = 64 * 1024

    /// Reads the manifest at `file`; any problem is a `ManifestError` naming the file and the key.
    /// Only a regular file of at most `maximumSize` bytes is read, and opening it never blocks
    /// (a FIFO named `x.plugin` is refused, not waited on).
    public static func load(_ file: URL) throws(ManifestError) -> PluginManifest {
        let bytes: [UInt8]
        do {
            bytes = try SmallFile.read(file.path, limit: maximumSize)
        } catch {
            throw ManifestError(file: file, reason: "refused: \(error)")
        }
        let keyFile = g_key_file_new()
        defer { g_key_file_free(keyFile) }
        var error: UnsafeMutablePointer<GError>?
        let loaded = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                g_key_file_load_from_data(keyFile, $0, gsize(buffer.count), G_KEY_FILE_NONE, &error)
            } ?? g_key_file_load_from_data(keyFile, "", 0, G_KEY_FILE_NONE, &error)
        }
        guard loaded != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unreadable"
            g_clear_error(&error)
            throw ManifestError(file: file, reason: "not a valid key file: \(reason)")
        }
        func string(_ key: String, required: Bool = true, localized: Bool = true) throws(ManifestError) -> String {
            var error: UnsafeMutablePointer<GError>?
            let found = localized
                ? g_key_file_get_locale_string(keyFile, group, key, nil, &error)
                : g_key_file_get_string(keyFile, group, key, &error)
            guard let value = found else {
                g_clear_error(&error)
                if required { throw ManifestError(file: file, reason: "missing [\(group)] \(key)") }
                return ""
            }
            defer { g_free(value) }
            let text = String(cString: value).trimmingCharacters(in: .whitespaces)
            if required && text.isEmpty { throw ManifestError(file: file, reason: "empty [\(group)] \(key)") }
            return text
        }
        let module = try string("Module")
        guard module.range(of: #"^[A-Za-z0-9][A-Za-z0-9._-]*$"#, options: .regularExpression) != nil else {
            throw ManifestError(file: file, reason: "Module must be a plain library name, not \"\(module)\"")
        }
        let api = try string("API-Version")
        guard let apiVersion = Int(api) else {
            throw ManifestError(file: file, reason: "API-Version must be a whole number, not \"\(api)\"")
        }
        let domain = try string("Gettext-Domain", required: false, localized: false)
        guard domain.isEmpty || domain.range(of: #"^[A-Za-z0-9][A-Za-z0-9._-]*$"#, options: .regularExpression) != nil else {
            throw ManifestError(file: file, reason: "Gettext-Domain must be a plain catalogue name, not \"\(domain)\"")
        }
        return PluginManifest(
            file: file, id: try string("Id"), module: module, name: try string("Name"),
            description: try string("Description", required: false), version: try string("Version"),
            authors: try string("Authors", required: false).split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty },
            apiVersion: apiVersion, gettextDomain: domain.isEmpty ? nil : domain)
    }
}

/// Why a manifest was not used.
public struct ManifestError: Error, Equatable, CustomStringConvertible {
    public let file: URL
    public let reason: String
    public var description: String { "\(file.path): \(reason)" }
}
