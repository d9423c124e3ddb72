import GoodsDomain
import GtkReactive
import Reactive

/// The login screen's widgets (the seeds' ViewManager), from `login.ui`: in a clamp (a readable
/// width in a wide window), the avatar, the phone and code entries and the 登录 button (its
/// label and the spinner it shows while busy).
/// Controllers bind through their `reactive` targets and signals; it knows no view model (only
/// the `InputField` a field error names picks its entry).
@MainActor
public final class LoginViewManager: ScreenView {
    /// The loaded `login.ui`; every widget below lives as long as it.
    public let layout: LoginLayout
    /// The page as shown: the form, clamped to a readable width and centred.
    public let page: Clamp
    /// The form itself.
    public let form: Box
    /// The known account's picture (an `AdwAvatar`), else Adwaita's placeholder; named 头像.
    public let avatar: Avatar
    public let phone: Entry
    public let code: Entry
    public let login: Button
    /// The 登录 button's text (登录, 登录中… while logging in).
    public let loginLabel: Label
    /// The spinner inside 登录, shown while logging in.
    public let loginSpinner: Spinner

    /// Ends when the view manager (and so its layout) is released.
    public var lifetime: Lifetime { layout.lifetime }

    public init() {
        layout = LoginLayout()
        page = layout.clamp
        form = layout.page
        avatar = layout.avatar
        phone = layout.phone
        code = layout.code
        login = layout.login
        loginLabel = layout.loginLabel
        loginSpinner = layout.loginSpinner
    }

    /// Puts the keyboard focus in the first empty field.
    public func focusFirstEmptyField() {
        (phone.text.isEmpty ? phone : code).grabFocus()
    }

    /// The entry for `field`, nil for a field the login has not.
    public func entry(for field: InputField) -> Entry? {
        switch field {
        case .phone: phone
        case .code: code
        case .comment: nil
        }
    }

    /// Puts the keyboard focus in `field`'s entry (after a login failed because of it).
    public func focus(_ field: InputField) {
        entry(for: field)?.grabFocus()
    }
}
