/// Something a navigation stack holds: a screen showing one view model. In an app it is the
/// screen's controller; in a headless test it can be anything that names a view model.
@MainActor
public protocol NavigationScreen: AnyObject, Sendable {
    /// The view model the screen shows.
    var viewModel: ViewModel { get }
}
