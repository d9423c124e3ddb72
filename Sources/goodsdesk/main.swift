// goodsdesk: the GoodsDesk application (GTK 4).
import CGtk
import Foundation
import GoodsDomain
import GoodsUI
import GtkReactive
import GtkShim

func warn(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }

let app: GoodsDeskApp
do {
    app = try GoodsDeskApp(environment: AppEnvironment(), log: warn)
} catch {
    warn("goodsdesk: \(error)")
    exit(1)
}

let application = gtk_application_new(GoodsDeskApp.applicationID, G_APPLICATION_DEFAULT_FLAGS)!
let activation = SignalConnection(UnsafeMutableRawPointer(application), signal: "activate") {
    app.activate(application)
}
let status = g_application_run(goods_application(application), CommandLine.argc, CommandLine.unsafeArgv)
activation.dispose()
g_object_unref(application)
exit(status)
