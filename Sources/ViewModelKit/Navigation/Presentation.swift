/// How a destination is shown.
public enum Presentation: Sendable, Hashable {
    /// On top of the current screen, with a way back.
    case push
    /// As the only screen: the stack is replaced (after login, after logout).
    case replaceRoot
}
