/// A navigation a view model asks for; the controller layer decides how to show it.
public enum NavigationRequest: Sendable {
    /// Open the screen registered for `destination`'s route, as `presentation` says: the typed
    /// way (`ViewModel.open(_:_:as:)`), so a view model never builds its successor.
    case open(Destination, Presentation = .push)
    /// Go back to the previous screen.
    case pop
    /// Replace the whole stack with `viewModel`'s screen (after login, after logout).
    case resetToRoot(ViewModel)
}
