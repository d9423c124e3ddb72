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
    /// by route name), stopping at the first route that is missing or whose argument is not
    /// found: the screens above one that cannot come back make no sense without it. The
    /// lookups run at once, side by side (a restart waits for the slowest, not for their sum);
    /// their answers are taken from the root up.
    public static func restore(
        _ snapshot: NavigationSnapshot, restorations: @escaping @Sendable (String) -> AnyRouteRestoration?
    ) -> SignalProducer<NavigationRestoration, Never> {
        var looked: [(saved: NavigationSnapshot.Screen, load: SignalProducer<(any Sendable)?, Never>)] = []
        var missing: Stop?
        for saved in snapshot.screens {
            guard let restoration = restorations(saved.route) else {
                missing = .missingRoute(saved.route)
                break
            }
            // A load that ends without an answer counts as not found.
            looked.append((saved, restoration.load(saved.argument ?? "").concat(SignalProducer(value: nil)).take(first: 1)))
        }
        guard !looked.isEmpty else { return SignalProducer(value: NavigationRestoration(screens: [], stop: missing)) }
        let saved = looked.map(\.saved)
        let stop = missing
        return SignalProducer.zip(looked.map(\.load)).map { arguments in
            var found: [Screen] = []
            for (screen, argument) in zip(saved, arguments) {
                guard let argument else {
                    return NavigationRestoration(screens: found, stop: .argumentNotFound(screen.route))
                }
                found.append(Screen(destination: Destination(route: screen.route, argument: argument), state: screen.state))
            }
            return NavigationRestoration(screens: found, stop: stop)
        }
    }
}
