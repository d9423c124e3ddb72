import ViewModelKit

/// What opens screens: the app's navigator, as screens and menu actions see it
/// (`ScreenContext.navigator`). A plugin opens its own screens, and the app's, by typed route key
/// (`navigator.open(echoScreen)`), and the app router finds the controller for it.
@MainActor
public protocol Navigating: AnyObject {
    /// Opens `key`'s screen for `argument`, as `presentation` says; a route nobody provides is
    /// reported to the user, not thrown.
    func open<Argument: Sendable>(_ key: RouteKey<Argument>, _ argument: Argument, as presentation: Presentation)
    /// Goes back to the previous screen, if there is one.
    func pop()
    /// Carries out a view model's request.
    func handle(_ request: NavigationRequest)
}

extension Navigating {
    /// By default, a typed open is the request `.open`.
    public func open<Argument: Sendable>(_ key: RouteKey<Argument>, _ argument: Argument, as presentation: Presentation) {
        handle(.open(Destination(key, argument), presentation))
    }

    /// By default, going back is the request `.pop`.
    public func pop() { handle(.pop) }

    /// Opens `key`'s screen for `argument` on top of the current one.
    public func open<Argument: Sendable>(_ key: RouteKey<Argument>, _ argument: Argument) {
        open(key, argument, as: .push)
    }

    /// Opens `key`'s screen, which takes no argument (a menu action's own page).
    public func open(_ key: RouteKey<Void>, as presentation: Presentation = .push) {
        open(key, (), as: presentation)
    }
}
