import CGtk
import Foundation
import GtkShim
import Reactive

/// A GTK application — an `AdwApplication`, so libadwaita starts with it and Adwaita's style
/// manager follows the system's colour scheme (dark style; `ADW_DEBUG_COLOR_SCHEME=prefer-dark`)
/// and gives style sheets its named colours (`@window_bg_color`, `@accent_color`…): one instance
/// per session and id, its `startup` and `activated` signals, quitting on Ctrl+C and `kill`, and
/// its main loop (`run`).
///
/// ```swift
/// guard let application = Application(id: "org.example.App") else { exit(1) }
/// if application.registerOrRaisePrimary() == .raisedPrimary { exit(0) }  // the other one shows itself
/// application.activated.observe(during: application.lifetime) { showWindow() }
/// application.quitOnSignals()
/// exit(application.run())
/// ```
///
/// Or GIO's way, where GIO registers in `run` and forwards a second launch's options:
///
/// ```swift
/// guard let application = Application(id: "org.example.App", flags: .handlesCommandLine) else { exit(1) }
/// application.addOptions([ApplicationOption("version", kind: .flag, summary: "Show the version")])
/// application.handleLocalOptions { $0["version"] == .flag ? 0 : nil }   // answered here, locally
/// application.startup.observe(during: application.lifetime) { setUp() }
/// application.handleCommandLine { line in application.activate(); return 0 }  // the primary, each launch
/// application.activated.observe(during: application.lifetime) { showWindow() }
/// exit(application.run(arguments: CommandLine.arguments))
/// ```
@MainActor
public final class Application {
    /// What `registerOrRaisePrimary` found.
    public enum Registration: Equatable, Sendable {
        /// This process is the application's instance: run it.
        case primary
        /// Another process is, and it raised its window when asked: this one should leave.
        case raisedPrimary
        /// No session bus (or it refused the name): this process runs alone, without
        /// single-instance support. The message says why.
        case alone(String)
        /// Another process held the name and never answered, even after retries.
        case noAnswer
    }

    /// The application id (`org.example.App`).
    public let id: String
    /// How GApplication runs it (`ApplicationFlags`): fixed when it is made.
    public let flags: ApplicationFlags
    /// The options added with `addOptions`, in order: how `handleLocalOptions` and
    /// `handleCommandLine` read their values.
    var options: [ApplicationOption] = []
    /// The `GtkApplication` (an `AdwApplication`). `registerOrRaisePrimary` may replace it (a fresh one per attempt),
    /// so read it after registering.
    public private(set) var pointer: UnsafeMutablePointer<GtkApplication>
    /// Ends when this wrapper is released (after `run` returned).
    public let lifetime: Lifetime
    private let token: Lifetime.Token
    private let activatedPipe = Signal<Void, Never>.pipe()
    private let startupPipe = Signal<Void, Never>.pipe()
    private var connections: [SignalConnection] = []
    /// The GLib sources of `quitOnSignals` (removed with the application they quit).
    private var signalSources: [guint] = []
    private var quitsOnSignals = false

    /// Each activation: the first start, and each later launch of the application that this
    /// instance answers (where it should raise its window).
    public var activated: Signal<Void, Never> { activatedPipe.output }

    /// Once, when the primary instance starts up: as it registers (`registerOrRaisePrimary`, or
    /// `run` when not registered before), before its first activation. Observe it before then.
    public var startup: Signal<Void, Never> { startupPipe.output }

    /// A new application for `id`; nil when `id` is not a valid application id (GIO's rules:
    /// two or more dot-separated elements of letters, digits, `_` and `-`).
    public convenience init?(id: String) {
        self.init(id: id, flags: [])
    }

    /// A new application for `id` whose style sheets and other files are in `resources`: each
    /// bundle is registered with GIO now, before `run`, so AdwApplication finds `style.css` (and
    /// `style-dark.css`) at `resourceBasePath` as it starts up. A target's
    /// `UIResourceBundle.module` registers itself only when first touched, so an app whose code
    /// first touched it after `run` (a layout made in `activated`) started unstyled, silently;
    /// naming it here makes that impossible. Nil for an invalid id.
    public convenience init?(id: String, flags: ApplicationFlags = [], resources: [UIResourceBundle]) {
        self.init(id: id, flags: flags)
        self.resources = resources
    }

    /// The resource bundles given at `init(id:flags:resources:)`, registered since then.
    public private(set) var resources: [UIResourceBundle] = []

    /// A new application for `id` that runs with `flags` (`.handlesCommandLine`: a second
    /// launch's options reach this instance's `handleCommandLine`); nil for an invalid id.
    public init?(id: String, flags: ApplicationFlags) {
        guard g_application_id_is_valid(id) != 0, let pointer = Self.makeApplication(id: id, flags: flags) else {
            return nil
        }
        self.id = id
        self.flags = flags
        self.pointer = pointer
        (lifetime, token) = Lifetime.make()
        connectSignals()
    }

    isolated deinit {
        removeSignalSources()
        connections.forEach { $0.dispose() }
        activatedPipe.input.sendCompleted()
        startupPipe.input.sendCompleted()
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    /// The `GApplication` face of `pointer`.
    var gApplication: UnsafeMutablePointer<GApplication> { grshim_application(UnsafeMutableRawPointer(pointer)) }

    /// Registers on the session bus. If another process is the instance, asks it to activate
    /// (raise its window) and waits for its answer: `.raisedPrimary`. One that was quitting as
    /// this one started does not answer; then this waits `retryDelay` for the bus to see it go
    /// and tries again with a fresh application, `attempts` times in all, so this one becomes the
    /// instance. Call it before `run`, and before anything takes `pointer`.
    public func registerOrRaisePrimary(attempts: Int = 3, retryDelay: Duration = .milliseconds(200)) -> Registration {
        for attempt in 0..<max(1, attempts) {
            if attempt > 0 {
                guard replaceApplication() else { return .noAnswer }
            }
            var failure: UnsafeMutablePointer<GError>?
            if g_application_register(gApplication, nil, &failure) == 0 {
                let message = failure.map { String(cString: $0.pointee.message) } ?? "no session bus"
                g_clear_error(&failure)
                return .alone(message)
            }
            guard g_application_get_is_remote(gApplication) != 0 else { return .primary }
            if grshim_application_activate_primary(gApplication) != 0 { return .raisedPrimary }
            let (seconds, attoseconds) = retryDelay.components
            let microseconds = max(0, min(seconds, 60)) * 1_000_000 + max(0, attoseconds / 1_000_000_000_000)
            g_usleep(gulong(clamping: microseconds))
        }
        return .noAnswer
    }

    /// On SIGINT or SIGTERM, closes every window and quits: the same path as closing the last
    /// window by hand (sizes are saved, screens end). Once per application; later calls do nothing.
    public func quitOnSignals() {
        guard !quitsOnSignals else { return }
        quitsOnSignals = true
        addSignalSources()
    }

    private func addSignalSources() {
        let data = UnsafeMutableRawPointer(pointer)
        signalSources = [SIGINT, SIGTERM].map { g_unix_signal_add($0, quitOnSignal, data) }
    }

    private func removeSignalSources() {
        signalSources.forEach { g_source_remove($0) }
        signalSources = []
    }

    /// Runs the main loop until the application quits (its last window closed, `quit()`, a
    /// signal after `quitOnSignals`); the exit status. GTK sees only `arguments` — by default the
    /// program's name, so options the program parses itself do not reach GTK. The Dispatch main
    /// queue (and so the main actor) runs inside the loop, unless `hostingMainQueue` is false
    /// (a caller already running on the main queue, such as a test, drives it itself).
    public func run(arguments: [String] = [CommandLine.arguments.first ?? "application"], hostingMainQueue: Bool = true) -> Int32 {
        if hostingMainQueue { MainQueueHost.attach() }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var copy = argv
        return copy.withUnsafeMutableBufferPointer { buffer in
            g_application_run(gApplication, Int32(clamping: arguments.count), buffer.baseAddress)
        }
    }

    /// Makes `window` one of the application's: it keeps the application running while open,
    /// and closes with it (`quitOnSignals`).
    public func add(_ window: Window) {
        gtk_application_add_window(pointer, window.pointer.typed(GtkWindow.self))
    }

    /// Asks the main loop to stop: `run` returns (windows still open stay open until released).
    public func quit() { g_application_quit(gApplication) }

    /// A new `AdwApplication` for `id`, as its `GtkApplication` (its parent class): libadwaita
    /// initialises itself in the application's `startup`, before anyone observing it runs.
    private static func makeApplication(id: String, flags: ApplicationFlags) -> UnsafeMutablePointer<GtkApplication>? {
        adw_application_new(id, GApplicationFlags(rawValue: flags.rawValue)).map {
            UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkApplication.self)
        }
    }

    /// A fresh application for the same id (a registered one cannot register again).
    private func replaceApplication() -> Bool {
        guard let fresh = Self.makeApplication(id: id, flags: flags) else { return false }
        connections.forEach { $0.dispose() }
        connections = []
        removeSignalSources()
        g_object_unref(UnsafeMutableRawPointer(pointer))
        pointer = fresh
        connectSignals()
        if quitsOnSignals { addSignalSources() }
        return true
    }

    private func connectSignals() {
        let activated = activatedPipe.input
        let startup = startupPipe.input
        let instance = UnsafeMutableRawPointer(pointer)
        connections = [
            SignalConnection(instance, signal: "activate") { activated.send(value: ()) },
            SignalConnection(instance, signal: "startup") { startup.send(value: ()) },
        ]
    }
}

/// SIGINT or SIGTERM arrived (on the main loop, not in the signal handler): every window of the
/// application closes — destroying one removes it from the list, so from a copy — then it quits.
private let quitOnSignal: GSourceFunc = { data in
    guard let data else { return 0 }
    destroyWindows(of: data.assumingMemoryBound(to: GtkApplication.self))
    g_application_quit(grshim_application(data))
    return 1  // G_SOURCE_CONTINUE: a second Ctrl+C is handled the same way
}
