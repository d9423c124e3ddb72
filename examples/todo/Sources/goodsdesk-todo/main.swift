// goodsdesk-todo: TodoMVC as a GNOME app (io.github.goodsdesk.Todo), on the GoodsDesk framework.
import AppShell
import Foundation
import GtkReactive
import Localization
import PluginKit
import TodoViewModels
import ViewModelKit

// Catalogues beside the program (an uninstalled build), else in its prefix's share/locale.
let folder = (Bundle.main.executableURL ?? URL(fileURLWithPath: "/usr/bin/goodsdesk-todo")).deletingLastPathComponent()
let locale = [folder.appendingPathComponent("locale"), folder.appendingPathComponent("../share/locale").standardized].first { FileManager.default.fileExists(atPath: $0.path) }
Localization.start(domain: "goodsdesk-todo", localeDirectory: locale?.path ?? "/usr/share/locale")

let todoList = RouteKey<Void>("todo.list")

/// Runs the app until its window closes (or SIGINT/SIGTERM); the exit status.
@MainActor
func run() -> Int32 {
    guard let application = Application(id: "io.github.goodsdesk.Todo", resources: [.module]) else { return 1 }
    let store = JSONFileStore<TodoFile>(url: XDGDirectories().data("goodsdesk-todo").appendingPathComponent("todos.json"))
    defer { store.flush() }  // the saves still queued when the window closed
    var shown: (window: AppWindow, navigator: Navigator)?
    application.activated.observe(during: application.lifetime) {
        if let shown { return shown.window.present() }
        let window = AppWindow(application: application, options: ShellOptions(menu: .plain()))
        let registry = PluginRegistry()
        try? registry.registerScreen(TodoController.self, route: todoList) { _, _ in
            TodoListViewModel(store: store, scheduler: UIScheduler.shared)
        }
        let navigator = Navigator(window: window, registry: registry, pictures: PictureLocator(dataSetDirectory: folder))
        navigator.open(todoList, as: .replaceRoot)
        window.present()
        shown = (window, navigator)
    }
    application.quitOnSignals()
    return application.run()
}

exit(run())
