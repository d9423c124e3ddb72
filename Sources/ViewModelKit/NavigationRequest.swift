/// A navigation a view model asks for; the controller layer decides how to show it.
public enum NavigationRequest: Sendable {
    /// Open the screen registered for `destination`'s route, as `presentation` says: the typed
    /// way (`ViewModel.open(_:_:as:)`), so a view model never builds its successor.
    case open(Destination, Presentation = .push)
    /// Show `viewModel`'s screen on top of the current one.
    case push(ViewModel)
    /// Go back to the previous screen.
    case pop
    /// Replace the whole stack with `viewModel`'s screen (after login, after logout).
    case resetToRoot(ViewModel)
    /// Open the screen registered for `route` (for example `goods.detail`), with `argument`, on
    /// top: the untyped spelling of `.open(_, .push)`, kept for existing callers.
    case route(String, argument: any Sendable)
}
