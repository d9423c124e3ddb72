/// The name of a screen that can be opened, typed by the argument it takes: a view model asks
/// for `ShelfRoutes.detail` with a `BookRowViewModel`, and whoever registers the route receives
/// one — never `any Sendable` to downcast. Keys are shared through the module that declares them
/// (the app's `ShelfRoutes`, a plugin's own), so both sides agree on the type at compile time.
///
/// Two keys are equal when their names are: the name is the route's identity in the registry,
/// where typed and untyped (`registerRoute("shelf.detail")`) routes share one namespace.
public struct RouteKey<Argument: Sendable>: Sendable, Hashable, CustomStringConvertible {
    /// The route's name (`shelf.detail`), unique in the app; reverse-DNS for plugins' own.
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public var description: String { name }
}
