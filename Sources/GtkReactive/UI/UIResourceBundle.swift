import CGtk
import Foundation
import Synchronization

/// A GResource of `.ui` files, found by its prefix. The EmbedGResource package plugin compiles a
/// target's `*.gresource.xml` into the binary and gives the target a
/// `UIResourceBundle.module`, so the same code finds its layouts uninstalled, in tests and
/// installed; the typed layout it writes per file loads from there (`LoginLayout()`).
public final class UIResourceBundle: Sendable {
    /// The resource path the bundle's files are under, e.g. `/org/example/Shelf/ui`.
    public let prefix: String

    /// The resources registered so far, by the address of their (static) base64 text: a
    /// bundle made twice from the same text registers it once.
    private static let registered = Mutex<Set<UInt>>([])

    /// Decodes `base64` (a compiled GResource, as the plugin writes it) and registers it with
    /// GIO's global resources, once per text. A resource GIO cannot read is reported on standard
    /// error, and its files are then `UIFileError.notFound`.
    public init(base64: StaticString, prefix: String) {
        self.prefix = Self.normalized(prefix)
        let key = UInt(bitPattern: base64.utf8Start)
        let isNew = Self.registered.withLock { $0.insert(key).inserted }
        guard isNew else { return }
        base64.withUTF8Buffer { text in
            // g_base64_decode wants a NUL-terminated string; a StaticString's buffer is one.
            guard let start = text.baseAddress else { return }
            var length: gsize = 0
            let bytes = start.withMemoryRebound(to: CChar.self, capacity: text.count + 1) { g_base64_decode($0, &length) }
            let data = g_bytes_new_take(bytes, length)
            defer { g_bytes_unref(data) }
            var error: UnsafeMutablePointer<GError>?
            guard let resource = g_resource_new_from_data(data, &error) else {
                let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
                g_clear_error(&error)
                GtkLog.problem("the resource for \(prefix) is unreadable: \(message)")
                return
            }
            // GIO's global list keeps the resource for the life of the process.
            g_resources_register(resource)
            g_resource_unref(resource)
        }
    }

    /// The files under `prefix` in resources someone else registered (a GResource linked in by
    /// other means, or another module's bundle).
    public init(registeredAt prefix: String) {
        self.prefix = Self.normalized(prefix)
    }

    /// The resource path of `file`: `prefix/file`.
    public func path(_ file: String) -> String {
        prefix == "/" ? "/" + file : prefix + "/" + file
    }

    /// The names of the files directly under the prefix, sorted; empty when nothing is
    /// registered there.
    public func files() -> [String] {
        guard let children = g_resources_enumerate_children(prefix + "/", G_RESOURCE_LOOKUP_FLAGS_NONE, nil) else { return [] }
        defer { g_strfreev(children) }
        var names: [String] = []
        var index = 0
        while let name = children[index] {
            names.append(String(cString: name))
            index += 1
        }
        return names.filter { !$0.hasSuffix("/") }.sorted()
    }

    private static func normalized(_ prefix: String) -> String {
        var prefix = prefix.hasPrefix("/") ? prefix : "/" + prefix
        while prefix.count > 1, prefix.hasSuffix("/") { prefix.removeLast() }
        return prefix
    }
}
