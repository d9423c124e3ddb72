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
public final class LoginController: ScreenController<LoginViewModel, LoginViewManager> {
    public override func bind() {
        let pictures = context.pictures
        // The entries first show what the view model holds, then follow each other both ways
        // (typing and pasting into the view model, 填充 into the entries).
        view.phone.reactive.text <~> model.mobilePhone
        view.code.reactive.text <~> model.verifyCode
        view.avatar.reactive.picture(loader: pictures.loader)
            <~ model.avatarURL.map { pictures.source(for: $0) }

        // 登录 runs the login when clicked and is accessibly busy while it runs; Enter in the
        // code field submits too. The busy state is the button's own (a spinner and 登录中…),
        // not the window's HUD: the page stays usable and keeps the focus. So 登录 stays
        // sensitive while it runs (a click then does nothing: the Action refuses it), else a
        // focused 登录 would lose the focus to nowhere.
        view.login.reactive.pressed = CocoaAction(model.login)
        view.login.reactive.isSensitive <~ model.isLoginEnabled.or(model.login.isExecuting)
        view.loginLabel.reactive.text <~ model.loginButtonTitle
        view.loginSpinner.reactive.isVisible <~ model.login.isExecuting
        view.loginSpinner.reactive.isSpinning <~ model.login.isExecuting
        view.code.reactive.activated.observe(with: self) { $0.model.submit() }
        // After a login refused because of a field, the focus goes to the field the error names.
        model.login.errors.observe(with: self) { controller, error in
            if let field = error.field { controller.view.focus(field) }
        }
    }

    /// 填充 in the header fills the demo account in; the login declares no window busy state
    /// (its busy state is on 登录).
    public override var chrome: ScreenChrome {
        ScreenChrome(items: [ChromeItem(id: "fill", place: .headerEnd, label: tr("填充"), with: self) { $0.model.fill() }])
    }

    public override func didShow() { view.focusFirstEmptyField() }
}
