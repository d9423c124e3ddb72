import GoodsViewModels
import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// Binds the start screen to its view model: it binds, it does not compute. Nothing in the
/// header but the title: the start screen only waits for the data.
@MainActor
public final class StartController: ScreenController<StartViewModel, StartViewManager> {
    public override func bind() {
        view.heading.reactive.text <~ model.heading
        view.detail.reactive.text <~ model.detail
        view.progress.reactive.fraction <~ model.fraction
        view.progress.reactive.isVisible <~ model.hasFailed.negate()
        // Its notices (a read-only or rebuilt store) are toasts, shown by the navigator.
    }
}
