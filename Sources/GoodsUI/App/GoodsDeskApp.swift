import CGtk
import Foundation
import GoodsDomain
import GoodsViewModels
import GtkReactive
import GtkShim
import PluginKit
import Reactive
import ViewModelKit

/// The application: opens the data, builds the services and view models, and shows the window
/// with the login screen (or wherever the view models navigate).
@MainActor
public final class GoodsDeskApp {
    /// The application id (contract).
    public static let applicationID = "io.github.goodsdesk.GoodsDesk"

    let environment: AppEnvironment
    let log: @Sendable (String) -> Void
    let services: LocalServices
    let preferences: any Preferences
    let settings: SettingsPreferences?
    let pictures: PictureLocator
    /// Every screen and route, built-in features included.
    public let plugins = PluginRegistry()
    var window: AppWindow?
    var navigator: Navigator?

    /// Prepares the app; fails with a clear message when the data cannot be opened.
    public init(environment: AppEnvironment, log: @escaping @Sendable (String) -> Void) throws(StoreError) {
        self.environment = environment
        self.log = log
        let store = try GoodsStore.open(
            at: environment.databasePath,
            dataSet: { () throws(DataSetError) in try DataSet.load(from: environment.dataSetDirectory) },
            log: log)
        let server = SimulatedServer(scheduler: MainLoopScheduler.shared, latency: environment.latency)
        services = LocalServices(store: store, server: server, session: Session())
        // GSettings when its schema is found (installed, or compiled in data/ by the run command);
        // else a plain file, with a note.
        let dataFolder = environment.dataSetDirectory.deletingLastPathComponent()
        settings = SettingsPreferences(
            schemaDirectory: dataFolder, keyFile: environment.configDirectory.appendingPathComponent("settings.ini"))
        if let settings {
            preferences = settings
        } else {
            log("GoodsDesk: settings schema \(SettingsPreferences.schemaID) not found; keeping preferences in \(environment.preferencesFile.path)")
            preferences = FilePreferences(url: environment.preferencesFile, log: log)
        }
        pictures = PictureLocator(
            dataSetDirectory: environment.dataSetDirectory,
            cacheDirectory: environment.cacheDirectory.appendingPathComponent("pictures"))
        plugins.install(LoginPlugin())
        plugins.install(GoodsListPlugin())
    }

    /// Builds the window on `application` and shows the login screen.
    public func activate(_ application: UnsafeMutablePointer<GtkApplication>) {
        if let window {
            window.present()
            return
        }
        goods_attach_main_queue()
        loadStyle()
        let window = AppWindow(application: application)
        self.window = window
        if let size = settings?.windowSize {
            gtk_window_set_default_size(goods_window(window.window.raw), gint(size.width), gint(size.height))
        }
        let context = ScreenContext(chrome: window, pictures: pictures)
        let plugins = self.plugins
        let navigator = Navigator(
            window: window,
            makeController: { plugins.controller(for: $0, in: context) },
            openRoute: { plugins.controller(route: $0, argument: $1, in: context) })
        self.navigator = navigator
        // "destroy" (not "close-request", whose handler must return a value): the window still
        // knows its size here. Closing it releases every controller, ViewManager and view model.
        window.window.events("destroy", during: window.lifetime).observeValues { [weak self, weak window] in
            MainActor.assumeIsolated {
                if let window {
                    var width: gint = 0
                    var height: gint = 0
                    gtk_window_get_default_size(goods_window(window.window.raw), &width, &height)
                    self?.settings?.windowSize = (Int(width), Int(height))
                }
                self?.navigator = nil
                self?.window = nil
            }
        }
        navigator.handle(.resetToRoot(makeLogin()))
        window.present()
    }

    func makeLogin() -> LoginViewModel {
        let services = self.services
        return LoginViewModel(service: services, accounts: services, preferences: preferences) { [weak self] _ in
            self?.makeGoodsList() ?? ViewModel()
        }
    }

    func makeGoodsList() -> GoodsViewModel {
        GoodsViewModel(goods: services, banners: services, likes: services, session: services.session,
                       scheduler: MainLoopScheduler.shared) { [weak self] in
            self?.makeLogin() ?? ViewModel()
        }
    }

    /// Loads `goodsdesk.css` from beside the data set; without it the app runs unstyled, and says so.
    private func loadStyle() {
        let path = environment.dataSetDirectory.deletingLastPathComponent().appendingPathComponent("goodsdesk.css").path
        var error: UnsafeMutablePointer<GError>?
        if goods_load_css(path, &error) == 0 {
            log("GoodsDesk: \(error.map { String(cString: $0.pointee.message) } ?? "cannot load \(path)"); running unstyled")
            g_clear_error(&error)
        }
    }
}
