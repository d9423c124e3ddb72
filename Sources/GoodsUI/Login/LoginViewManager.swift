import CGtk
import GtkReactive
import GtkShim
import Reactive

/// The login screen's widgets (the seeds' ViewManager): it owns their events and exposes them as
/// signals, and offers binding targets into them. It knows no view model.
@MainActor
public final class LoginViewManager {
    public let page: Widget
    public let avatar: Widget
    public let phone: Widget
    public let code: Widget
    public let login: Widget
    private let token = Lifetime.make().token

    /// Ends when the view manager is released.
    public var lifetime: Lifetime { token.lifetime }

    public init() {
        let built = goods_login_page_new()
        page = Widget(built.root)
        avatar = Widget(built.avatar)
        phone = Widget(built.phone)
        code = Widget(built.code)
        login = Widget(built.login)
    }

    /// The phone entry's text: its current text, then every change.
    public var phoneText: SignalProducer<String, Never> { phone.textValues(during: lifetime) }
    /// The code entry's text: its current text, then every change.
    public var codeText: SignalProducer<String, Never> { code.textValues(during: lifetime) }
    /// The 登录 button was clicked.
    public var loginClicked: Signal<Void, Never> { login.events("clicked", during: lifetime) }
    /// Enter was pressed in the code entry.
    public var codeActivated: Signal<Void, Never> { code.events("activate", during: lifetime) }

    public var phoneEntry: BindingTarget<String> { phone.entryText(during: lifetime) }
    public var codeEntry: BindingTarget<String> { code.entryText(during: lifetime) }
    public var loginEnabled: BindingTarget<Bool> { login.sensitive(during: lifetime) }
    /// The avatar picture: a file or URL (fetched without blocking), nil for the placeholder.
    public func avatarPicture(loader: PictureLoader) -> BindingTarget<PictureSource?> {
        avatar.picture(placeholder: "avatar-default-symbolic", loader: loader, during: lifetime)
    }

    /// Puts the keyboard focus in the first empty field.
    public func focusFirstEmptyField() {
        gtk_widget_grab_focus(phone.editableText.isEmpty ? phone.pointer : code.pointer)
    }
}
