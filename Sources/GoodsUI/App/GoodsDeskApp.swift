import Foundation
import GoodsDomain
import AppShell
import GoodsViewModels
import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// Why the app cannot start, in words for the terminal.
public struct StartError: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The application: loads the plugins, opens the data, and shows the window with the start or
/// login screen; from there the view models open routes, which `router` and the plugins provide.
@MainActor
public final class GoodsDeskApp {
    /// The application id (contract), from `APP_ID` at the package's root (ProjectFacts).
    public static let applicationID = ProjectFacts.applicationID
    /// The app's version (the built-in plugins have it too), from `VERSION` (ProjectFacts), the
    /// file meson's project() reads.
    public static let version = ProjectFacts.version
    /// GoodsDesk as PluginKit names it: `GoodsDesk:` log lines, the plugin symbols
    /// `goodsdesk_plugin_entry` and `goodsdesk_plugin_build_identifier`, `GOODSDESK_PLUGIN_PATH`.
    public nonisolated static let pluginHost = PluginHost(name: "GoodsDesk")
    /// Where the application's resources are (its id as a path): AdwApplication loads
    /// `style.css` and `style-dark.css` from here (GoodsUI's GResource).
    public static let resourceBasePath = "/" + ProjectFacts.applicationID.replacingOccurrences(of: ".", with: "/")

    let environment: AppEnvironment
    let log: @Sendable (String) -> Void
    /// Where the data lives and what to import into it on a first start.
    let data: (path: String, dataSet: @Sendable () throws(DataSetError) -> DataSet)
    /// The services over the store, once it has opened (the start screen opens it).
    var services: LocalServices? { router.services }
    /// Builds the view models of the built-in routes (login, goods list, opened).
    let router: AppRouter
    let preferences: any Preferences
    let settings: SettingsPreferences?
    let pictures: PictureLocator
    /// Every plugin, screen, route, data source and menu action, built-in features included.
    public let plugins: PluginRegistry
    var window: AppWindow?
    var navigator: Navigator?
    private let pluginsDialog: PluginsDialogPresenter

    /// Prepares the app: plugins from the built-in set and the search path, then the data of the
    /// chosen data source. Fails with a clear message when the data cannot be opened.
    public init(environment: AppEnvironment, options: LaunchOptions = LaunchOptions(), log: @escaping @Sendable (String) -> Void) throws(StartError) {
        self.environment = environment
        self.log = log
        // Screen readers hear whether a picture shows, in the user's language.
        PictureDescriptions.standard = Self.pictureDescriptions
        // An error no view model could word: one line in the log, one toast in the user's words.
        UnhandledErrors.shared.message = UserMessage.unhandled
        UnhandledErrors.shared.setLog { log("GoodsDesk: \($0)") }
        // GSettings when its schema is found (installed, or compiled in data/ by the run command);
        // else a plain file, with a note.
        // Uninstalled, the schema is compiled in data/; installed, in the prefix's schemas folder.
        let dataFolder = environment.dataFolder
        let schemaFolder = [dataFolder, dataFolder.deletingLastPathComponent().appendingPathComponent("glib-2.0/schemas")]
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("gschemas.compiled").path) }
        settings = SettingsPreferences(
            schemaDirectory: schemaFolder, keyFile: environment.configDirectory.appendingPathComponent("settings.ini"))
        if let settings {
            preferences = settings
        } else {
            log("GoodsDesk: settings schema \(SettingsPreferences.schemaID) not found; keeping preferences in \(environment.preferencesFile.path)")
            preferences = FilePreferences(url: environment.preferencesFile, log: log)
        }

        let plugins = PluginRegistry()
        self.plugins = plugins
        let pluginsDialog = PluginsDialogPresenter(plugins: plugins, preferences: preferences)
        self.pluginsDialog = pluginsDialog
        plugins.install(AppPlugin { [weak pluginsDialog] context in pluginsDialog?.show(in: context) })
        // SQLite work runs on one background queue; answers come back on the main loop.
        let latency = environment.latency
        let router = AppRouter(preferences: preferences) { store in
            let server = SimulatedServer(scheduler: MainLoopScheduler.shared, latency: latency,
                                         worker: QueueScheduler(name: "goodsdesk.store", qos: .userInitiated))
            return LocalServices(store: store, server: server, session: Session())
        }
        self.router = router
        plugins.install(LoginPlugin(router: router))
        plugins.install(GoodsListPlugin(router: router))
        do {
            try router.register(in: plugins)
        } catch {
            throw StartError("the app's own routes: \(error.message)")
        }
        let searchPath = PluginSearchPath(
            pluginDirectories: options.pluginDirectories,
            environment: environment.pluginPath.map { [Self.pluginHost.pathVariable: $0] } ?? [:],
            dataDirectory: environment.dataDirectory, prefixPluginDirectory: environment.prefixPluginDirectory,
            host: Self.pluginHost)
        // Safe mode: a plugin the app died loading last time is turned off, and said so.
        let preferences = self.preferences
        plugins.loadExternalPlugins(
            from: searchPath, disabled: preferences.disabledPlugins,
            safeMode: PluginSafeMode(directory: environment.stateDirectory), host: Self.pluginHost,
            turnOff: { preferences.disabledPlugins.insert($0) }, log: { log($0) })

        let (databasePath, dataSet, pictureDirectory) = try Self.data(for: options.dataSource, environment: environment, plugins: plugins)
        data = (databasePath, dataSet)
        pictures = PictureLocator(
            dataSetDirectory: pictureDirectory,
            cacheDirectory: environment.cacheDirectory.appendingPathComponent("pictures"), host: Self.pluginHost, log: log)
    }

    /// Where the data of `choice` is kept and read from: the app's own data set by default, or
    /// what a plugin's data source reads, in a database of its own per source and argument.
    private static func data(
        for choice: LaunchOptions.DataSourceChoice?, environment: AppEnvironment, plugins: PluginRegistry
    ) throws(StartError) -> (String, @Sendable () throws(DataSetError) -> DataSet, URL) {
        guard let choice else {
            let folder = environment.dataSetDirectory
            return (environment.databasePath, { () throws(DataSetError) in try DataSet.load(from: folder) }, folder)
        }
        guard let found = plugins.dataSource(choice.id) else {
            let known = plugins.dataSources.map(\.id).joined(separator: ", ")
            throw StartError("no data source \"\(choice.id)\" (known: \(known)); is its plugin in a plugin folder (--plugin-dir)?")
        }
        guard let source = found.typed(as: DataSourceContent.self) else {
            throw StartError("data source \(choice.id) reads \(found.contentTypeName), not GoodsDesk's goods and banners")
        }
        let content: DataSourceContent
        do {
            content = try source.read(choice.argument)
        } catch {
            throw StartError("data source \(choice.id) cannot read \"\(choice.argument)\": \(error)")
        }
        let database = environment.dataDirectory
            .appendingPathComponent("sources/\(choice.id)-\(stableHash(choice.argument)).sqlite").path
        let dataSet = content.dataSet
        return (database, { () throws(DataSetError) in dataSet }, content.pictureDirectory)
    }

    /// Builds the window on `application` and shows the login screen; raises the window when
    /// it is already open (a second launch of the app).
    public func activate(_ application: Application) {
        if let window {
            window.present()
            return
        }
        MainQueueHost.attach()
        // The icon: uninstalled in data/icons, installed in <prefix>/share/icons (which the
        // desktop's theme may not search, for a prefix such as ~/.local or /opt/x).
        let dataFolder = environment.dataFolder
        for icons in [dataFolder.appendingPathComponent("icons"), dataFolder.deletingLastPathComponent().appendingPathComponent("icons")] {
            IconTheme.add(folder: icons)
        }
        IconTheme.defaultWindowIcon = Self.applicationID
        let window = AppWindow(application: application, options: .goodsDesk())
        self.window = window
        if let size = settings?.windowSize {
            Window.cast(window.window.pointer)?.setDefaultSize(width: size.width, height: size.height)
        }
        let navigator = Navigator(window: window, registry: plugins, pictures: pictures)
        self.navigator = navigator
        // Menu actions get the navigator's context, so a plugin's action can open its own screen.
        navigator.install(plugins.actions)
        let data = self.data
        // The screens come back after a restart once the store has opened, kept beside the
        // database they point into (a data source's own store has its own).
        let savedScreens = URL(fileURLWithPath: data.path).deletingPathExtension().appendingPathExtension("navigation.json")
        navigator.restoreSavedScreens(
            from: NavigationSnapshotFile(url: savedScreens, log: log), at: GoodsRoutes.opened.name,
            restorations: { [weak plugins] route in plugins?.restoration(ofRoute: route) },
            measured: environment.trace ? Self.logRestoreTime(to: log) : nil)
        // The window's lifetime ends when it closes (not "close-request", whose handler must
        // return a value): it still knows its size then. Closing it releases every controller,
        // ViewManager and view model.
        window.lifetime.observeEnded { [weak self, weak window] in
            MainThread.run {
                if let window, let size = Window.cast(window.window.pointer)?.defaultSize {
                    self?.settings?.windowSize = size
                }
                self?.navigator = nil
                self?.window = nil
            }
        }
        // The start screen opens the store off the GTK thread, then the login (or the saved screens) follows.
        let log = self.log
        navigator.handle(router.firstScreen(opening: GoodsStore.opening(at: data.path, dataSet: data.dataSet, log: log)))
        window.present()
    }

    /// Before the process exits: settings are written, and the store writes its WAL back and
    /// notes a clean exit.
    public func shutdown() {
        settings?.flush()
        services?.store.close()
    }

    /// Says `message` in the window (a toast), when it is open: a second launch's options that
    /// need a restart, say.
    public func showNotice(_ message: String) {
        window?.showToast(message)
    }
}

extension GoodsDeskApp {
    /// Writes how long restoring the saved screens took (`GOODSDESK_TRACE=1`).
    static func logRestoreTime(to log: @escaping @Sendable (String) -> Void) -> @MainActor (RestoreTiming) -> Void {
        { timing in log("GoodsDesk: \(timing)") }
    }
}

/// A short name for `text` that stays the same from run to run (FNV-1a), for file names.
func stableHash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash &*= 0x100_0000_01b3
    }
    return String(hash, radix: 16)
}
