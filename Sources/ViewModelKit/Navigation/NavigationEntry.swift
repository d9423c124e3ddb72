/// One screen on a `NavigationStack`, with the destination it was opened for (nil for a screen
/// opened for a view model rather than a route: it cannot be restored after a restart).
public struct NavigationEntry<Screen: NavigationScreen>: Sendable {
    /// The screen.
    public let screen: Screen
    /// The route and argument it was opened for, if it was opened by route.
    public let destination: Destination?

    public init(_ screen: Screen, destination: Destination? = nil) {
        self.screen = screen
        self.destination = destination
    }

    /// The view model the screen shows.
    @MainActor public var viewModel: ViewModel { screen.viewModel }

    /// Whether the screen is a list that opens its items beside it (`ListDetailPresenting`).
    @MainActor public var isList: Bool { screen.viewModel is any ListDetailPresenting }
}
