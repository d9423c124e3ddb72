import GoodsViewModels
import GtkReactive
import Localization
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
    /// 填充 in the header fills the demo account in; the window is busy while logging in.
    public let chrome: ScreenChrome

    public init(viewModel: LoginViewModel, context: ScreenContext) {
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

        chrome = ScreenChrome(
            items: [ChromeItem(id: "fill", place: .headerEnd, label: tr("填充")) { [weak viewModel] in viewModel?.fill() }],
            isBusy: viewModel.login.isExecuting)
    }

    public func didShow() { view.focusFirstEmptyField() }
}
