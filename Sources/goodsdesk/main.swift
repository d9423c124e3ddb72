// goodsdesk: the GoodsDesk application (GTK 4).
import CGtk
import Foundation
import GoodsDomain
import GoodsUI
import GtkReactive
import GtkShim
import Localization
import Reactive

func warn(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }

let environment = AppEnvironment()
Localization.start(domain: "goodsdesk", localeDirectory: environment.localeDirectory.path)
ReactiveLog.isTracing = environment.trace

let options: LaunchOptions
do {
    options = try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    warn("goodsdesk: \(error)\n\n\(LaunchOptions.usage)")
    exit(2)
}
if options.showHelp {
    print(LaunchOptions.usage)
    exit(0)
}
if options.showVersion {
    print("goodsdesk \(GoodsDeskApp.version)")
    exit(0)
}

// With the cairo renderer nothing draws with OpenGL, yet GTK 4.8 still opens EGL at start-up and
// so maps Mesa and LLVM: ~52 MB of RSS for nothing. Tell GDK not to (before GTK starts).
if ProcessInfo.processInfo.environment["GSK_RENDERER"] == "cairo" {
    let debug = ProcessInfo.processInfo.environment["GDK_DEBUG"] ?? ""
    if !debug.split(separator: ",").contains("gl-disable") {
        setenv("GDK_DEBUG", debug.isEmpty ? "gl-disable" : debug + ",gl-disable", 1)
    }
}

// One instance: a second launch raises the first one's window and leaves. An instance that was
// quitting as this one started does not answer; then this one becomes the instance.
@MainActor
func registeredApplication() -> UnsafeMutablePointer<GtkApplication>? {
    for _ in 0..<3 {
        guard let application = gtk_application_new(GoodsDeskApp.applicationID, G_APPLICATION_DEFAULT_FLAGS) else { return nil }
        var registration: UnsafeMutablePointer<GError>?
        if g_application_register(goods_application(application), nil, &registration) == 0 {
            warn("goodsdesk: running without single-instance support: \(registration.map { String(cString: $0.pointee.message) } ?? "no session bus")")
            g_clear_error(&registration)
            return application
        }
        guard g_application_get_is_remote(goods_application(application)) != 0 else { return application }
        let answered = goods_application_activate_primary(goods_application(application)) != 0
        g_object_unref(application)
        if answered {
            warn("goodsdesk: " + tr("GoodsDesk is already running; its window was raised"))
            exit(0)
        }
        g_usleep(200_000)  // let the bus see the quitting instance go
    }
    return nil
}

guard let application = registeredApplication() else {
    warn("goodsdesk: cannot start the application")
    exit(1)
}

// Released once the application has quit, which closes the store (and checkpoints its WAL).
var app: GoodsDeskApp?
do {
    app = try GoodsDeskApp(environment: environment, options: options, log: warn)
} catch {
    warn("goodsdesk: \(error)")
    exit(1)
}

let activation = SignalConnection(UnsafeMutableRawPointer(application), signal: "activate") {
    app?.activate(application)
}
// Ctrl+C and `kill` quit the way closing the window does.
goods_application_quit_on_signals(application)
// Options are ours (read above): GTK gets only the program name.
let status = g_application_run(goods_application(application), 1, CommandLine.unsafeArgv)
activation.dispose()
app?.shutdown()
app = nil
g_object_unref(application)
exit(status)
