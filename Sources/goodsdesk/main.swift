// goodsdesk: the GoodsDesk application (GTK 4).
import Foundation
import GoodsDomain
import GoodsUI
import GtkReactive
import Localization
import Reactive
import ViewModelKit

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
func registeredApplication() -> Application? {
    guard let application = Application(id: GoodsDeskApp.applicationID) else { return nil }
    switch application.registerOrRaisePrimary() {
    case .primary:
        return application
    case let .alone(reason):
        warn("goodsdesk: running without single-instance support: \(reason)")
        return application
    case .raisedPrimary:
        warn("goodsdesk: " + tr("GoodsDesk is already running; its window was raised"))
        exit(0)
    case .noAnswer:
        return nil
    }
}

/// Runs the app until it quits; its exit status. The application, the app and its store are
/// released before this returns (the store checkpoints its WAL as it closes).
@MainActor
func run() -> Int32 {
    guard let application = registeredApplication() else {
        warn("goodsdesk: cannot start the application")
        return 1
    }
    var app: GoodsDeskApp?
    do {
        app = try GoodsDeskApp(environment: environment, options: options, log: warn)
    } catch {
        warn("goodsdesk: \(error)")
        return 1
    }
    let activation = application.activated.observe(during: application.lifetime) { app?.activate(application) }
    // Ctrl+C and `kill` quit the way closing the window does.
    application.quitOnSignals()
    // Options are ours (read above): GTK gets only the program name.
    let status = application.run()
    activation?.dispose()
    app?.shutdown()
    app = nil
    return status
}

exit(run())
