/// A screen to open: a route's name and the argument for it, as a view model asks for it
/// (`open(ShelfRoutes.detail, book)`). Made only from a typed `RouteKey`, so the argument always
/// has the key's type; the router hands it back typed through the same key.
public struct Destination: Sendable {
    /// The route's name (`RouteKey.name`).
    public let route: String
    /// The argument, of the type the route's key declares.
    public let argument: any Sendable

    /// `key`'s screen for `argument`.
    public init<Argument: Sendable>(_ key: RouteKey<Argument>, _ argument: Argument) {
        route = key.name
        self.argument = argument
    }

    /// A destination rebuilt by a route's own restoration, whose argument is of the route's type.
    package init(route: String, argument: any Sendable) {
        self.route = route
        self.argument = argument
    }

    /// `key`'s screen, which takes no argument.
    public init(_ key: RouteKey<Void>) {
        self.init(key, ())
    }

    /// The argument, if this is `key`'s destination; nil for another route.
    public func argument<Argument: Sendable>(for key: RouteKey<Argument>) -> Argument? {
        route == key.name ? argument as? Argument : nil
    }

    /// Whether this is `key`'s destination.
    public func isRoute<Argument: Sendable>(_ key: RouteKey<Argument>) -> Bool {
        route == key.name
    }
}
