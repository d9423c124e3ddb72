import Foundation
import ViewModelKit

/// Why a registration was refused.
public struct RegistrationError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Where plugins register their features (screens, routes, data sources, menu actions), and
/// where the app finds them: the controller for a view model or a route (the seeds' router from
/// view model to view), the data source the user picked, the menu's actions.
@MainActor
public final class PluginRegistry {
    /// A plugin the app knows of: loaded, failed (with why) or disabled by the user.
    public struct Entry {
        public enum Origin: Equatable {
            /// Part of the app.
            case builtIn
            /// Loaded at run time from the manifest at this path.
            case external(manifest: String)
        }

        public enum State: Equatable {
            case loaded
            case failed(String)
            /// Turned off in the 插件 dialog; not loaded.
            case disabled
            /// Turned off by safe mode (`PluginSafeMode`), with why: the app died while loading
            /// it. Not loaded until the user turns it on again.
            case quarantined(String)
        }

        public let info: PluginInfo
        public let description: String
        public let origin: Origin
        public let state: State

        /// The error that stopped the plugin, if any (safe mode's reason for a quarantined one).
        public var error: String? {
            switch state {
            case let .failed(message), let .quarantined(message): message
            case .loaded, .disabled: nil
            }
        }
    }

    /// Everything plugins registered; copied as a whole so a failing plugin leaves nothing behind.
    private struct Registrations {
        var screens: [ObjectIdentifier: (ViewModel, ScreenContext) -> (any Controller)?] = [:]
        var screenOwners: [ObjectIdentifier: String] = [:]
        var routes: [String: (any Sendable, ScreenContext) -> (any Controller)?] = [:]
        var routeOwners: [String: String] = [:]
        var restorations: [String: AnyRouteRestoration] = [:]
        var restorationOwners: [String: String] = [:]
        var dataSources: [AnyDataSource] = []
        var dataSourceOwners: [String: String] = [:]
        var actions: [AppAction] = []
        var actionOwners: [String: String] = [:]
    }

    private var registrations = Registrations()
    private(set) public var entries: [Entry] = []
    private var registering: String?

    public init() {}

    /// Registers `plugin`; a refused or failing plugin is recorded with its error and leaves
    /// nothing half-registered.
    @discardableResult
    public func install(_ plugin: any Plugin, description: String = "", origin: Entry.Origin = .builtIn) -> Entry {
        let info = plugin.info
        func record(_ state: Entry.State) -> Entry {
            let entry = Entry(info: info, description: description, origin: origin, state: state)
            entries.append(entry)
            return entry
        }
        guard info.apiVersion == pluginAPIVersion else {
            return record(.failed("built for plugin API \(info.apiVersion), this app has \(pluginAPIVersion)"))
        }
        guard !entries.contains(where: { $0.info.id == info.id && $0.state == .loaded }) else {
            return record(.failed("another plugin with id \(info.id) is already loaded"))
        }
        let saved = registrations
        registering = info.id
        defer { registering = nil }
        do {
            try plugin.register(in: self)
        } catch {
            registrations = saved
            return record(.failed("registration failed: \(error)"))
        }
        return record(.loaded)
    }

    /// Records a plugin that was not installed: it failed to load, or the user disabled it.
    @discardableResult
    public func record(_ manifest: PluginManifest, state: Entry.State) -> Entry {
        let entry = Entry(info: manifest.info, description: manifest.description,
                          origin: .external(manifest: manifest.file.path), state: state)
        entries.append(entry)
        return entry
    }

    /// Records a manifest refused unread (it or its folder is not trusted) as a failed plugin
    /// named after its file, so the 插件 dialog lists it with the reason like any other failure.
    @discardableResult
    public func recordRefused(manifest file: URL, reason: String) -> Entry {
        let info = PluginInfo(id: file.path, name: file.lastPathComponent, version: "?")
        let entry = Entry(info: info, description: "", origin: .external(manifest: file.path), state: .failed(reason))
        entries.append(entry)
        return entry
    }

    /// Records a problem found before any manifest could be read (a refused folder or file).
    public func recordProblem(_ message: String) { problems.append(message) }

    /// Problems with plugin folders and manifests that belong to no plugin.
    private(set) public var problems: [String] = []

    private func claim<Key: Hashable>(_ owners: inout [Key: String], _ key: Key, _ what: String) throws(RegistrationError) {
        if let owner = owners[key] { throw RegistrationError("\(what) is already registered by \(owner)") }
        owners[key] = registering ?? "the app"
    }

    // MARK: Screens and routes

    /// Shows view models of type `type` with controllers from `factory`.
    public func registerScreen<Model: ViewModel>(
        for type: Model.Type, _ factory: @escaping @MainActor (Model, ScreenContext) -> any Controller
    ) throws(RegistrationError) {
        let key = ObjectIdentifier(type)
        try claim(&registrations.screenOwners, key, "a screen for \(type)")
        registrations.screens[key] = { viewModel, context in (viewModel as? Model).map { factory($0, context) } }
    }

    /// Shows view models of `Screen`'s model type (exactly that class) with `Screen`, made with
    /// `init(_:context:)`: the screen of a view model that is opened as it is (a root a view
    /// model resets the window to).
    public func registerScreen<Model, View, Screen: ScreenController<Model, View>>(
        _ screen: Screen.Type
    ) throws(RegistrationError) {
        try registerScreen(for: Model.self) { model, context in screen.init(model, context: context) }
    }

    /// Opens `key`'s route with `Screen`, showing the view model `model` makes of the route's
    /// argument (nil when it cannot: the route then finds no screen). The one line a screen
    /// with a route needs:
    /// `try registry.registerScreen(EchoController.self, route: echoScreen) { _, _ in EchoViewModel() }`.
    public func registerScreen<Model, View, Screen: ScreenController<Model, View>, Argument: Sendable>(
        _ screen: Screen.Type, route key: RouteKey<Argument>,
        model: @escaping @MainActor (Argument, ScreenContext) -> Model?
    ) throws(RegistrationError) {
        try registerRoute(key) { argument, context in
            model(argument, context).map { screen.init($0, context: context) }
        }
    }

    /// Opens route `name` (`shelf.detail`) with controllers from `factory`, given the request's
    /// argument; the factory returns nil for an argument it cannot show.
    public func registerRoute(
        _ name: String, _ factory: @escaping @MainActor (any Sendable, ScreenContext) -> (any Controller)?
    ) throws(RegistrationError) {
        try claim(&registrations.routeOwners, name, "route \(name)")
        registrations.routes[name] = factory
    }

    /// Opens `key`'s route with controllers from `factory`, given the argument typed as the key
    /// says. The same namespace as the string routes: `registerRoute(ShelfRoutes.detail)` and
    /// `registerRoute("shelf.detail")` collide, with the same error. A request whose argument is
    /// not of the key's type (a string route's caller can make one) finds no screen.
    public func registerRoute<Argument: Sendable>(
        _ key: RouteKey<Argument>, _ factory: @escaping @MainActor (Argument, ScreenContext) -> (any Controller)?
    ) throws(RegistrationError) {
        try registerRoute(key.name) { argument, context in
            guard let argument = argument as? Argument else { return nil }
            return factory(argument, context)
        }
    }

    /// Makes `key`'s screens come back after a restart: `restoration` saves their argument and
    /// finds it again (the window saves its screens as they change). Usually the route's owner
    /// registers it; an app may for a route a plugin provides (it knows how to find its goods
    /// again). One per route.
    public func registerRestoration<Argument: Sendable>(
        _ restoration: RouteRestoration<Argument>, for key: RouteKey<Argument>
    ) throws(RegistrationError) {
        try claim(&registrations.restorationOwners, key.name, "the restoration of route \(key.name)")
        registrations.restorations[key.name] = AnyRouteRestoration(restoration)
    }

    /// How route `name`'s screen is saved and found again; nil for a route that is not restored,
    /// or that no plugin provides (its plugin is gone or turned off).
    public func restoration(ofRoute name: String) -> AnyRouteRestoration? {
        hasRoute(name) ? registrations.restorations[name] : nil
    }

    /// Whether some plugin provides `key`'s route.
    public func hasRoute<Argument: Sendable>(_ key: RouteKey<Argument>) -> Bool { hasRoute(key.name) }

    /// The controller for `key`'s route and `argument`, if a plugin provides it.
    public func controller<Argument: Sendable>(
        route key: RouteKey<Argument>, argument: Argument, in context: ScreenContext
    ) -> (any Controller)? {
        controller(route: key.name, argument: argument, in: context)
    }

    /// The controller for `destination`, if a plugin provides its route.
    public func controller(for destination: Destination, in context: ScreenContext) -> (any Controller)? {
        controller(route: destination.route, argument: destination.argument, in: context)
    }

    /// Whether some plugin provides route `name`.
    public func hasRoute(_ name: String) -> Bool { registrations.routes[name] != nil }

    /// The controller for `viewModel`'s screen, if a plugin shows that kind of view model.
    public func controller(for viewModel: ViewModel, in context: ScreenContext) -> (any Controller)? {
        registrations.screens[ObjectIdentifier(type(of: viewModel))]?(viewModel, context)
    }

    /// The controller for route `name`, if a plugin provides it.
    public func controller(route name: String, argument: any Sendable, in context: ScreenContext) -> (any Controller)? {
        registrations.routes[name]?(argument, context)
    }

    // MARK: Data sources

    /// Offers `source` (for an app to read on demand, such as a `--data-source <id>:<argument>`); ids are unique whatever
    /// the content type.
    public func registerDataSource<Content>(_ source: DataSource<Content>) throws(RegistrationError) {
        try claim(&registrations.dataSourceOwners, source.id, "data source \(source.id)")
        registrations.dataSources.append(AnyDataSource(source))
    }

    /// Every data source, in registration order.
    public var dataSources: [AnyDataSource] { registrations.dataSources }

    /// The data source with id `id`, whatever its content type (its id and name).
    public func dataSource(_ id: String) -> AnyDataSource? { registrations.dataSources.first { $0.id == id } }

    /// The data source with id `id` if its content is a `Content`, ready to read; nil when there
    /// is none or it reads something else (`dataSource(_:)` tells the two apart).
    public func dataSource<Content>(_ id: String, of type: Content.Type) -> DataSource<Content>? {
        dataSource(id)?.typed(as: type)
    }

    // MARK: Actions

    /// Adds `action` to the window's menu (and its accelerator to the window).
    public func registerAction(_ action: AppAction) throws(RegistrationError) {
        try claim(&registrations.actionOwners, action.id, "action \(action.id)")
        registrations.actions.append(action)
    }

    /// Every menu action, in registration order.
    public var actions: [AppAction] { registrations.actions }
}
