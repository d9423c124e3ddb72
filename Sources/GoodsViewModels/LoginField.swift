/// A field of the login form: the one a failed login asks the user to fix
/// (`LoginViewModel.fieldToFix`), so the screen can put the keyboard focus back in it.
public enum LoginField: Sendable, Equatable, CaseIterable {
    /// The phone entry (`请输入正确的手机号码`).
    case phone
    /// The verify-code entry (`验证码错误`).
    case code
}
