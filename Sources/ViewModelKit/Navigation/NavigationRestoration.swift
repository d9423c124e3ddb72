import Reactive

/// What a saved `NavigationSnapshot` comes back as: the screens whose routes still exist and
/// whose arguments were found again, from the root up, and the first that could not come back.
public struct NavigationRestoration: Sendable {
    /// A screen to open again, with its view model's saved state.
    public struct Screen: Sendable {
        public let destination: Destination
        public let state: [String: String]
    }

    /// Why the restoration stopped before the snapshot's end.
    public enum Stop: Sendable, Equatable {
        /// No plugin provides the route any more (its plugin is gone or disabled).
        case missingRoute(String)
        /// The route exists but its argument was not found again (the item is gone).
        case argumentNotFound(String)
    }

    /// The screens to open, the root first.
    public let screens: [Screen]
    /// Where it stopped, if it did.
    public let stop: Stop?

    /// Finds each saved screen's argument again through its route's restoration (`restorations`
    /// by route name), one after another from the root, stopping at the first route that is
    /// missing or whose argument is not found: the screens above one that cannot come back make
    /// no sense without it.
    public static func restore(
        _ snapshot: NavigationSnapshot, restorations: @escaping @Sendable (String) -> AnyRouteRestoration?
    ) -> SignalProducer<NavigationRestoration, Never> {
        restoring(snapshot.screens[...], restorations: restorations, found: [])
    }

    private static func restoring(
        _ rest: ArraySlice<NavigationSnapshot.Screen>, restorations: @escaping @Sendable (String) -> AnyRouteRestoration?,
        found: [Screen]
    ) -> SignalProducer<NavigationRestoration, Never> {
        guard let saved = rest.first else { return SignalProducer(value: NavigationRestoration(screens: found, stop: nil)) }
        guard let restoration = restorations(saved.route) else {
            return SignalProducer(value: NavigationRestoration(screens: found, stop: .missingRoute(saved.route)))
        }
        // A load that ends without an answer counts as not found.
        return restoration.load(saved.argument ?? "")
            .concat(SignalProducer(value: nil))
            .take(first: 1)
            .flatMap(.concat) { argument -> SignalProducer<NavigationRestoration, Never> in
                guard let argument else {
                    return SignalProducer(value: NavigationRestoration(screens: found, stop: .argumentNotFound(saved.route)))
                }
                let screen = Screen(destination: Destination(route: saved.route, argument: argument), state: saved.state)
                return restoring(rest.dropFirst(), restorations: restorations, found: found + [screen])
            }
    }
}
