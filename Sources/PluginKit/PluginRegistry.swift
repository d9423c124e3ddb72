import ViewModelKit

/// Why a registration was refused.
public struct RegistrationError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Where plugins register their features, and where the navigator finds the controller for a
/// view model or a route (the seeds' router from view model to view).
@MainActor
public final class PluginRegistry {
    /// A registered plugin, with the error that stopped it, if any.
    public struct Entry {
        public let info: PluginInfo
        public let error: String?
    }

    private var screens: [ObjectIdentifier: (ViewModel, ScreenContext) -> (any Controller)?] = [:]
    private var screenOwners: [ObjectIdentifier: String] = [:]
    private var routes: [String: (any Sendable, ScreenContext) -> (any Controller)?] = [:]
    private var routeOwners: [String: String] = [:]
    private(set) public var entries: [Entry] = []
    private var registering: String?

    public init() {}

    /// Registers `plugin`; a refused or failing plugin is recorded with its error and leaves
    /// nothing half-registered.
    @discardableResult
    public func install(_ plugin: any Plugin) -> Entry {
        let info = plugin.info
        func refuse(_ message: String) -> Entry {
            let entry = Entry(info: info, error: message)
            entries.append(entry)
            return entry
        }
        guard info.apiVersion == pluginAPIVersion else {
            return refuse("built for plugin API \(info.apiVersion), this app has \(pluginAPIVersion)")
        }
        guard !entries.contains(where: { $0.info.id == info.id && $0.error == nil }) else {
            return refuse("another plugin with id \(info.id) is already loaded")
        }
        let saved = (screens, screenOwners, routes, routeOwners)
        registering = info.id
        defer { registering = nil }
        do {
            try plugin.register(in: self)
        } catch {
            (screens, screenOwners, routes, routeOwners) = saved
            return refuse("registration failed: \(error)")
        }
        let entry = Entry(info: info, error: nil)
        entries.append(entry)
        return entry
    }

    /// Shows view models of type `type` with controllers from `factory`.
    public func registerScreen<Model: ViewModel>(
        for type: Model.Type, _ factory: @escaping @MainActor (Model, ScreenContext) -> any Controller
    ) throws(RegistrationError) {
        let key = ObjectIdentifier(type)
        if let owner = screenOwners[key] {
            throw RegistrationError("a screen for \(type) is already registered by \(owner)")
        }
        screenOwners[key] = registering ?? "the app"
        screens[key] = { viewModel, context in (viewModel as? Model).map { factory($0, context) } }
    }

    /// Opens route `name` (`goods.detail`) with controllers from `factory`, given the request's argument.
    public func registerRoute(
        _ name: String, _ factory: @escaping @MainActor (any Sendable, ScreenContext) -> (any Controller)?
    ) throws(RegistrationError) {
        if let owner = routeOwners[name] {
            throw RegistrationError("route \(name) is already registered by \(owner)")
        }
        routeOwners[name] = registering ?? "the app"
        routes[name] = factory
    }

    /// Whether some plugin provides route `name`.
    public func hasRoute(_ name: String) -> Bool { routes[name] != nil }

    /// The controller for `viewModel`'s screen, if a plugin shows that kind of view model.
    public func controller(for viewModel: ViewModel, in context: ScreenContext) -> (any Controller)? {
        screens[ObjectIdentifier(type(of: viewModel))]?(viewModel, context)
    }

    /// The controller for route `name`, if a plugin provides it.
    public func controller(route name: String, argument: any Sendable, in context: ScreenContext) -> (any Controller)? {
        routes[name]?(argument, context)
    }
}
