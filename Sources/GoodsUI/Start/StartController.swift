import GoodsViewModels
import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// Binds the start screen to its view model: it binds, it does not compute.
@MainActor
public final class StartController: Controller {
    public let viewModel: ViewModel
    public let view: StartViewManager
    public var page: Widget { view.page }
    /// Nothing in the header but the title: the start screen only waits for the data.
    public let chrome = ScreenChrome()

    public init(viewModel: StartViewModel, context: ScreenContext) {
        self.viewModel = viewModel
        view = StartViewManager()
        view.heading.reactive.text <~ viewModel.heading
        view.detail.reactive.text <~ viewModel.detail
        view.progress.reactive.fraction <~ viewModel.fraction
        view.progress.reactive.isVisible <~ viewModel.hasFailed.negate()
        // Its notices (a read-only or rebuilt store) are toasts, shown by the navigator.
    }
}
