import CGtk
import GtkShim

/// The closure behind `handleLocalOptions`, retained by GLib until the application goes.
@MainActor
private final class LocalOptionsHandler {
    let options: [ApplicationOption]
    let action: @MainActor (ApplicationOptionValues) -> Int32?
    init(options: [ApplicationOption], action: @escaping @MainActor (ApplicationOptionValues) -> Int32?) {
        self.options = options
        self.action = action
    }
}

/// The closure behind `handleCommandLine`, retained by GLib until the application goes.
@MainActor
private final class CommandLineHandler {
    let options: [ApplicationOption]
    let action: @MainActor (ApplicationCommandLine) -> Int32
    init(options: [ApplicationOption], action: @escaping @MainActor (ApplicationCommandLine) -> Int32) {
        self.options = options
        self.action = action
    }
}

/// A signal's pointer argument crossing into the main actor on the same (GTK) thread.
private struct Carried<Pointee>: @unchecked Sendable { // safe: used synchronously on the GTK thread, within the signal
    let pointer: UnsafeMutablePointer<Pointee>?
}

private let localOptionsTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GVariantDict>?, gpointer?) -> gint = { _, dictionary, data in
    guard let data else { return -1 }
    let handler = Unmanaged<LocalOptionsHandler>.fromOpaque(data).takeUnretainedValue()
    let carried = Carried(pointer: dictionary)
    // GLib emits it in g_application_run, on the thread that runs the application: the GTK thread.
    return GtkThread.assumeCurrent {
        handler.action(ApplicationOptionValues(reading: carried.pointer, options: handler.options)) ?? -1
    }
}

private let commandLineTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GApplicationCommandLine>?, gpointer?) -> gint = {
    _, commandLine, data in
    guard let data, let commandLine else { return 1 }
    let handler = Unmanaged<CommandLineHandler>.fromOpaque(data).takeUnretainedValue()
    let carried = Carried(pointer: commandLine)
    return GtkThread.assumeCurrent {
        guard let commandLine = carried.pointer else { return 1 }
        let options = ApplicationOptionValues(
            reading: g_application_command_line_get_options_dict(commandLine), options: handler.options)
        return handler.action(ApplicationCommandLine(pointer: commandLine, options: options))
    }
}

private let releaseLocalOptions: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
    guard let data else { return }
    Unmanaged<LocalOptionsHandler>.fromOpaque(data).release()
}

private let releaseCommandLine: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
    guard let data else { return }
    Unmanaged<CommandLineHandler>.fromOpaque(data).release()
}

extension Application {
    /// Adds `options` to those GIO parses in `run`: they are listed in `--help` and their values
    /// reach `handleLocalOptions` and `handleCommandLine`. Before `run`, and before connecting
    /// those handlers (they read the options added so far).
    public func addOptions(_ options: [ApplicationOption]) {
        for option in options {
            let argument: GOptionArg = switch option.kind {
            case .flag: G_OPTION_ARG_NONE
            case .text: G_OPTION_ARG_STRING
            case .paths: G_OPTION_ARG_FILENAME_ARRAY
            }
            let short = option.shortName.flatMap(\.asciiValue).map { CChar(bitPattern: $0) } ?? 0
            g_application_add_main_option(gApplication, option.name, short, GOptionFlags(rawValue: 0), argument,
                                          option.summary, option.valueName)
        }
        self.options += options
    }

    /// What `--help` says besides the options: a line under the usage, and text after the
    /// options (environment variables, say). Nil leaves one as it is.
    public func setHelp(summary: String?, description: String?) {
        if let summary { g_application_set_option_context_summary(gApplication, summary) }
        if let description { g_application_set_option_context_description(gApplication, description) }
    }

    /// In the launching process, after GIO parsed its options and before it registers: `handler`
    /// gets their values and answers an exit status to end the process there (`--version`, a
    /// mistake), or nil to go on (to this instance's `startup`, or to the primary's
    /// `handleCommandLine`). GIO handles `--help` itself (and exits 0). Once, before `run`.
    public func handleLocalOptions(_ handler: @escaping @MainActor (ApplicationOptionValues) -> Int32?) {
        let box = LocalOptionsHandler(options: options, action: handler)
        g_signal_connect_data(
            UnsafeMutableRawPointer(pointer), "handle-local-options", unsafeBitCast(localOptionsTrampoline, to: GCallback.self),
            Unmanaged.passRetained(box).toOpaque(), releaseLocalOptions, GConnectFlags(rawValue: 0))
    }

    /// In the primary instance, for each launch — its own first one (`isRemote` false) and each
    /// later launch's, forwarded by GIO over D-Bus: `handler` answers the launch's exit status
    /// (what the second process exits with). Only with `.handlesCommandLine`; without it GIO
    /// activates instead. Activating (showing a window) is the handler's to do: `activate()`.
    /// Once, before `run`.
    public func handleCommandLine(_ handler: @escaping @MainActor (ApplicationCommandLine) -> Int32) {
        let box = CommandLineHandler(options: options, action: handler)
        g_signal_connect_data(
            UnsafeMutableRawPointer(pointer), "command-line", unsafeBitCast(commandLineTrampoline, to: GCallback.self),
            Unmanaged.passRetained(box).toOpaque(), releaseCommandLine, GConnectFlags(rawValue: 0))
    }

    /// Activates the application as a launch without options would: `activated` runs.
    public func activate() { g_application_activate(gApplication) }

    /// Where the application's resources are (`/org/example/App`, from its id by default):
    /// libadwaita loads `style.css` and `style-dark.css` from there as it starts up.
    public var resourceBasePath: String? {
        get { g_application_get_resource_base_path(gApplication).map { String(cString: $0) } }
        set { g_application_set_resource_base_path(gApplication, newValue) }
    }
}
