import PluginKit
import ViewModelKit

/// The navigator as screens hold it: a weak link, so a controller that keeps its context does
/// not keep the navigator (which holds the controller) alive. Once the navigator is gone, a
/// request does nothing.
@MainActor
final class NavigatorLink: Navigating {
    private weak var navigator: Navigator?

    init(_ navigator: Navigator) {
        self.navigator = navigator
    }

    func handle(_ request: NavigationRequest) {
        navigator?.handle(request)
    }
}
