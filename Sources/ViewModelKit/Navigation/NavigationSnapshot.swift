/// A window's screens as saved for the next start: per screen its route, its argument in the
/// route's own words, and what its view model keeps (a search query). It is read back from a
/// file, so everything in it is untrusted: a route that no longer exists, an argument that no
/// longer parses or a state of the wrong shape restores what it can and drops the rest.
public struct NavigationSnapshot: Codable, Sendable, Equatable {
    /// One saved screen.
    public struct Screen: Codable, Sendable, Equatable {
        /// The route it was opened for (`RouteKey.name`).
        public var route: String
        /// The route's argument, as the route saves it; nil for a route without one.
        public var argument: String?
        /// The view model's own state (`StateRestoring`), by key.
        public var state: [String: String]

        public init(route: String, argument: String? = nil, state: [String: String] = [:]) {
            self.route = route
            self.argument = argument
            self.state = state
        }
    }

    /// The format's version; a snapshot of a newer one is not restored.
    public static let currentVersion = 1

    public var version: Int
    /// The screens, the root first.
    public var screens: [Screen]

    public init(screens: [Screen]) {
        version = Self.currentVersion
        self.screens = screens
    }

    /// The largest snapshot restored; a file with more screens is damaged or hostile.
    public static let maximumScreens = 32
    /// The largest text an argument or a state value may hold.
    public static let maximumTextLength = 4096

    /// Whether the snapshot is one this build can restore: its version, and every size in range.
    public var isRestorable: Bool {
        guard version == Self.currentVersion, screens.count <= Self.maximumScreens else { return false }
        return screens.allSatisfy { screen in
            screen.route.utf8.count <= 256 && (screen.argument?.utf8.count ?? 0) <= Self.maximumTextLength
                && screen.state.count <= 16
                && screen.state.allSatisfy { $0.key.utf8.count <= 64 && $0.value.utf8.count <= Self.maximumTextLength }
        }
    }
}
