import GoodsDomain
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
    /// The clamped form.
    public var page: Widget { view.clamp }
    /// 填充 in the header fills the demo account in; the login declares no window busy state
    /// (its busy state is on 登录).
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
        view.avatar.reactive.picture(loader: pictures.loader)
            <~ viewModel.avatarURL.map { pictures.source(for: $0) }

        // 登录 runs the login when clicked and is accessibly busy while it runs; Enter in the
        // code field submits too. The busy state is the button's own (a spinner and 登录中…),
        // not the window's HUD: the page stays usable and keeps the focus. So 登录 stays
        // sensitive while it runs (a click then does nothing: the Action refuses it), else a
        // focused 登录 would lose the focus to nowhere.
        view.login.reactive.pressed = CocoaAction(viewModel.login)
        view.login.reactive.isSensitive <~ viewModel.isLoginEnabled.or(viewModel.login.isExecuting)
        view.loginLabel.reactive.text <~ viewModel.loginButtonTitle
        view.loginSpinner.reactive.isVisible <~ viewModel.login.isExecuting
        view.loginSpinner.reactive.isSpinning <~ viewModel.login.isExecuting
        view.code.reactive.activated.startObserving(during: lifetime) { [weak viewModel] in viewModel?.submit() }
        // After a login refused because of a field, the focus goes to the field the error names.
        viewModel.login.errors.observe(during: lifetime) { [weak view] error in
            if let field = error.field { view?.focus(field) }
        }

        chrome = ScreenChrome(
            items: [ChromeItem(id: "fill", place: .headerEnd, label: tr("填充")) { [weak viewModel] in viewModel?.fill() }])
    }

    public func didShow() { view.focusFirstEmptyField() }
}
