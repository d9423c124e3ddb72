import GoodsViewModels
import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// Binds the login ViewManager to the LoginViewModel (the seeds' login controller): it binds,
/// it does not compute.
@MainActor
public final class LoginController: Controller {
    public let viewModel: ViewModel
    public let login: LoginViewModel
    /// The screen's widgets.
    public let view: LoginViewManager
    public var page: Widget { view.page }
    public let headerButtons: HeaderButtons = [.fill]

    public init(viewModel: LoginViewModel, context: ScreenContext) {
        let window = context.chrome
        let pictures = context.pictures
        login = viewModel
        self.viewModel = viewModel
        view = LoginViewManager()
        let lifetime = view.lifetime

        // Restore what the view model holds, then follow the entries (typing, pasting, 填充).
        view.phoneEntry <~ viewModel.mobilePhone
        view.codeEntry <~ viewModel.verifyCode
        viewModel.mobilePhone <~ view.phoneText
        viewModel.verifyCode <~ view.codeText

        view.avatarPicture(loader: pictures.loader) <~ viewModel.avatarURL.map { pictures.source(for: $0) }
        view.loginEnabled <~ viewModel.login.isEnabled
        Signal.merge(view.loginClicked, view.codeActivated)
            .take(during: lifetime)
            .observeValues { [weak viewModel] in MainActor.assumeIsolated { viewModel?.submit() } }
        window.fillButton.events("clicked", during: lifetime)
            .observeValues { [weak viewModel] in MainActor.assumeIsolated { viewModel?.fill() } }
        viewModel.login.isExecuting.producer.take(during: lifetime)
            .startWithValues { [weak window] busy in MainActor.assumeIsolated { window?.setBusy(busy) } }
        viewModel.errors.take(during: lifetime)
            .observeValues { [weak window] message in MainActor.assumeIsolated { window?.showToast(message) } }
    }

    public func didShow() { view.focusFirstEmptyField() }
}
