/// What one operation did to a `NavigationStack`: the screen it put on top (if any) and the
/// screens it took off, the topmost first — the order a view tears them down in.
public struct NavigationChange<Screen: NavigationScreen>: Sendable {
    /// Which operation it was.
    public enum Kind: Sendable, Hashable {
        /// A screen came on top (after any screens beside the list it came from left).
        case push
        /// The top screen left.
        case pop
        /// The stack was replaced by one screen.
        case replaceRoot
        /// The screens beside the list left: the list is on top again.
        case closeDetail
        /// Every screen left (the window closed).
        case clear
    }

    public let kind: Kind
    /// The screen that came on top, for `push` and `replaceRoot`.
    public let added: Screen?
    /// The screens that left, the topmost first.
    public let removed: [Screen]

    /// Whether the change moved forward (a screen came) rather than back.
    public var isForward: Bool { added != nil }
}
