import CGtk
import GtkShim

/// One launch's command line as the primary instance receives it (`handleCommandLine`): its
/// options, whether it came from another process (a second launch) and a way to answer on
/// that process's terminal. Valid only during the handler.
@MainActor
public struct ApplicationCommandLine {
    let pointer: UnsafeMutablePointer<GApplicationCommandLine>

    /// Whether the launch was another process's: a second launch of a running application.
    public var isRemote: Bool { g_application_command_line_get_is_remote(pointer) != 0 }

    /// The options given on it (those added with `addOptions`), by long name.
    public let options: ApplicationOptionValues

    /// The launch's working folder, when it sent one.
    public var workingDirectory: String? { g_application_command_line_get_cwd(pointer).map { String(cString: $0) } }

    /// Writes `text` to the launching process's standard output (as it is: add the newline).
    public func print(_ text: String) { grshim_command_line_print(pointer, text) }

    /// Writes `text` to the launching process's standard error (as it is: add the newline).
    public func printError(_ text: String) { grshim_command_line_printerr(pointer, text) }
}

extension ApplicationOptionValues {
    /// The values of `options` found in a GIO options dictionary: a flag given is `.flag`, a
    /// text its text, paths every path in order. Values of another type are left out.
    @MainActor
    init(reading dictionary: UnsafeMutablePointer<GVariantDict>?, options: [ApplicationOption]) {
        self.init()
        guard let dictionary else { return }
        for option in options {
            guard let value = g_variant_dict_lookup_value(dictionary, option.name, nil) else { continue }
            defer { g_variant_unref(value) }
            let type = String(cString: g_variant_get_type_string(value))
            switch (option.kind, type) {
            case (.flag, "b"):
                if g_variant_get_boolean(value) != 0 { self[option.name] = .flag }
            case (.text, "s"), (.text, "ay"):
                if type == "s" {
                    self[option.name] = .text(String(cString: g_variant_get_string(value, nil)))
                } else if let bytes = g_variant_get_bytestring(value) {
                    self[option.name] = .text(String(cString: bytes))
                }
            case (.paths, "aay"), (.paths, "as"):
                var count: gsize = 0
                let list = type == "aay" ? g_variant_get_bytestring_array(value, &count) : g_variant_get_strv(value, &count)
                defer { g_free(UnsafeMutableRawPointer(mutating: list)) }
                let paths = (0..<Int(count)).compactMap { index in list?[index].map { String(cString: $0) } }
                self[option.name] = .paths(paths)
            default:
                continue
            }
        }
    }
}
