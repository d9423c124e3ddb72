// goodsdesk: the GoodsDesk application (GTK 4, libadwaita).
import Foundation
import GoodsDomain
import GoodsUI
import Localization
import Reactive

func warn(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }

let environment = AppEnvironment()
Localization.start(domain: "goodsdesk", localeDirectory: environment.localeDirectory.path)
ReactiveLog.isTracing = environment.trace

// GIO parses the options (AppLaunch); a mistake in them gets GoodsDesk's own message, the usage
// and status 2 — GIO's parser would answer 1 with a bare line — so the command line is checked
// here first, with the same rules. Nothing is set up before the application's `startup`.
do {
    _ = try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    warn("goodsdesk: \(error)\n\n\(LaunchOptions.usage)")
    exit(2)
}

// With the cairo renderer nothing draws with OpenGL, yet GTK 4.8 still opens EGL at start-up and
// so maps Mesa and LLVM: ~52 MB of RSS for nothing. Tell GDK not to (before GTK starts).
if ProcessInfo.processInfo.environment["GSK_RENDERER"] == "cairo" {
    let debug = ProcessInfo.processInfo.environment["GDK_DEBUG"] ?? ""
    if !debug.split(separator: ",").contains("gl-disable") {
        setenv("GDK_DEBUG", debug.isEmpty ? "gl-disable" : debug + ",gl-disable", 1)
    }
}

/// Runs the app until it quits; its exit status. The application, the app and its store are
/// released before this returns (the store checkpoints its WAL as it closes).
@MainActor
func run() -> Int32 {
    guard let launch = AppLaunch(environment: environment, log: warn) else {
        warn("goodsdesk: cannot start the application")
        return 1
    }
    return launch.run(arguments: CommandLine.arguments)
}

exit(run())
