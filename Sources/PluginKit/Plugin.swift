import Reactive
import ViewModelKit

/// The plugin API's version. A plugin built for another major version is refused.
public let pluginAPIVersion = PluginBuild.compiledAPIVersion

/// Who a plugin is.
public struct PluginInfo: Sendable, Equatable {
    /// Unique, reverse-DNS style (`org.example.shelf.login`).
    public let id: String
    /// Shown in the 插件 dialog.
    public let name: String
    public let version: String
    /// The plugin API version the plugin was built for (`pluginAPIVersion`).
    public let apiVersion: Int

    public init(id: String, name: String, version: String, apiVersion: Int = pluginAPIVersion) {
        self.id = id
        self.name = name
        self.version = version
        self.apiVersion = apiVersion
    }
}

/// A feature: screens, routes, data sources, menu actions. An app's own screens can be plugins
/// too, registered through this very API.
@MainActor
public protocol Plugin: AnyObject {
    var info: PluginInfo { get }
    /// Registers the plugin's features. Throwing leaves the app running without the plugin.
    func register(in registry: PluginRegistry) throws
}

/// What a screen factory and a menu action receive: the chrome around the screen, where pictures
/// are, and the navigator that opens other screens (`context.navigator.open(route)`).
@MainActor
public struct ScreenContext {
    public let chrome: any AppChrome
    public let pictures: PictureLocator
    /// Opens screens by route. A context made without one has a `DetachedNavigator`.
    public let navigator: any Navigating

    public init(chrome: any AppChrome, pictures: PictureLocator, navigator: any Navigating) {
        self.chrome = chrome
        self.pictures = pictures
        self.navigator = navigator
    }

    /// A context outside the app's navigation: its navigator opens nothing (and says so).
    public init(chrome: any AppChrome, pictures: PictureLocator) {
        self.init(chrome: chrome, pictures: pictures, navigator: DetachedNavigator())
    }
}
