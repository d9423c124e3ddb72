// goodsdesk: the GoodsDesk application (GTK 4).
import CGtk
import Foundation
import GoodsDomain
import GoodsUI
import GtkReactive
import GtkShim
import Reactive

func warn(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }

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

let environment = AppEnvironment()
ReactiveLog.isTracing = environment.trace
let app: GoodsDeskApp
do {
    app = try GoodsDeskApp(environment: environment, options: options, log: warn)
} catch {
    warn("goodsdesk: \(error)")
    exit(1)
}

let application = gtk_application_new(GoodsDeskApp.applicationID, G_APPLICATION_DEFAULT_FLAGS)!
let activation = SignalConnection(UnsafeMutableRawPointer(application), signal: "activate") {
    app.activate(application)
}
// Options are ours (read above): GTK gets only the program name.
let status = g_application_run(goods_application(application), 1, CommandLine.unsafeArgv)
activation.dispose()
g_object_unref(application)
exit(status)
