import GtkReactive
import Reactive

/// The login screen's widgets (the seeds' ViewManager), from `login.ui`: the avatar, the phone
/// and code entries and the 登录 button. Controllers bind through their `reactive` targets and
/// signals; it knows no view model.
@MainActor
public final class LoginViewManager {
    /// The loaded `login.ui`; every widget below lives as long as it.
    public let layout: UILayout
    public let page: Box
    public let avatar: Image
    public let phone: Entry
    public let code: Entry
    public let login: Button

    /// Ends when the view manager (and so its layout) is released.
    public var lifetime: Lifetime { layout.lifetime }

    public init() {
        layout = UILayout.loading("login.ui", in: .module)
        page = layout[Box.self, "page"]
        avatar = layout[Image.self, "avatar"]
        phone = layout[Entry.self, "phone"]
        code = layout[Entry.self, "code"]
        login = layout[Button.self, "login"]
    }

    /// Puts the keyboard focus in the first empty field.
    public func focusFirstEmptyField() {
        (phone.text.isEmpty ? phone : code).grabFocus()
    }
}
