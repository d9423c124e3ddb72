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

        // The entries first show what the view model holds, then follow each other both ways
        // (typing and pasting into the view model, 填充 into the entries).
        view.phone.reactive.text <~> viewModel.mobilePhone
        view.code.reactive.text <~> viewModel.verifyCode
        view.avatar.reactive.picture(placeholder: "avatar-default-symbolic", loader: pictures.loader)
            <~ viewModel.avatarURL.map { pictures.source(for: $0) }

        // 登录 is sensitive while the login can run, busy while it runs, and runs it when clicked;
        // Enter in the code field submits too.
        view.login.reactive.pressed = CocoaAction(viewModel.login)
        view.code.reactive.activated.startObserving(during: lifetime) { [weak viewModel] in viewModel?.submit() }

        // The window's chrome: the 填充 header button, the busy HUD and the toast.
        Button.cast(window.fillButton.pointer, scope: lifetime)?.reactive.clicked
            .startObserving(during: lifetime) { [weak viewModel] in viewModel?.fill() }
        viewModel.login.isExecuting.producer.startObserving(during: lifetime) { [weak window] busy in window?.setBusy(busy) }
        viewModel.errors.observe(during: lifetime) { [weak window] message in window?.showToast(message) }
    }

    public func didShow() { view.focusFirstEmptyField() }
}
