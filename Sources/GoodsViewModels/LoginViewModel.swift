import GoodsDomain
import Reactive
import ViewModelKit
import Localization

/// The login screen (the seeds' LoginViewModel): phone and verify code in, avatar and enabled
/// state out, and the login command.
@MainActor
public final class LoginViewModel: ViewModel {
    /// What the phone entry holds.
    public let mobilePhone: MutableProperty<String>
    /// What the verify-code entry holds.
    public let verifyCode = MutableProperty("")
    /// The avatar of the account known for the phone typed (one that logged in on this machine,
    /// or the demo's seeded `Account.demo`), once it is a valid number; nil (the placeholder)
    /// otherwise, as the demo's `avatarUrlString`. Looked up off the GTK thread; a keystroke cancels the look-up of the last one.
    /// Changes only when the avatar does.
    public let avatarURL: Property<String?>
    /// Whether both fields hold something.
    public let isLoginEnabled: Property<Bool>
    /// The phone entry's text, validated as it changes: valid once it is a mobile number, else
    /// invalid with the field error `.invalidInput(.phone, .malformed)` (`请输入正确的手机号码`).
    public let phoneValidation: ValidatingProperty<String, ServiceError>
    /// The verify-code entry's text, validated as it changes: invalid with
    /// `.invalidInput(.code, .malformed)` (`验证码错误`) until it is a well-formed code.
    public let codeValidation: ValidatingProperty<String, ServiceError>
    /// Validates, logs in, remembers the phone and asks to open the goods list. Fails with the
    /// field error of the first field to fix (its `field` names it, so the screen focuses it),
    /// or the service's error; each is shown in its words (`UserMessage`).
    public let login: Action<Void, Account, ServiceError>
    /// The 登录 button's text: `登录`, or `登录中…` while the login runs.
    public let loginButtonTitle: Property<String>

    /// The seeds' 填充 values.
    public static let sample = (phone: "13874389438", code: "5858")

    /// A login that, once logged in, opens `GoodsRoutes.list` for the account in place of the
    /// whole stack; the app router builds that screen.
    public init(service: any LoginService, accounts: any AccountDirectory, preferences: any Preferences) {
        let phone = MutableProperty(preferences.lastPhone ?? "")
        let code = verifyCode
        mobilePhone = phone
        avatarURL = Property(initial: nil, then: phone.producer
            .map(LoginInput.normalizedPhone)
            .flatMap(.latest) { valid -> SignalProducer<String?, Never> in
                guard let valid else { return SignalProducer(value: nil) }
                return accounts.account(phone: valid).map { $0?.avatar }
            }
            .skipRepeats())
        isLoginEnabled = phone.combineLatest(with: code).map {
            !$0.trimmingWhitespace().isEmpty && !$1.trimmingWhitespace().isEmpty
        }
        let badPhone = ServiceError(.invalidInput(.phone, .malformed))
        let badCode = ServiceError(.invalidInput(.code, .malformed))
        let phoneCheck = ValidatingProperty<String, ServiceError>(phone) { text in
            LoginInput.normalizedPhone(text) != nil ? .valid : .invalid(badPhone)
        }
        let codeCheck = ValidatingProperty<String, ServiceError>(code) { text in
            LoginInput.normalizedCode(text) != nil ? .valid : .invalid(badCode)
        }
        phoneValidation = phoneCheck
        codeValidation = codeCheck
        // A field's failure names the field it checked as it fails, whatever the user types
        // afterwards.
        login = Action(enabledIf: isLoginEnabled) { _ in
            guard let validPhone = phoneCheck.result.value.value.flatMap(LoginInput.normalizedPhone) else {
                return SignalProducer(error: badPhone)
            }
            guard let validCode = codeCheck.result.value.value.flatMap(LoginInput.normalizedCode) else {
                return SignalProducer(error: badCode)
            }
            return service.login(phone: validPhone, code: validCode)
                .on(value: { _ in preferences.lastPhone = validPhone })
        }
        loginButtonTitle = login.isExecuting.map { $0 ? tr("登录中…") : tr("登录") }
        super.init(title: tr("登录"))
        login.errors.observe(with: self) { $0.show($1) }
        login.values.observe(with: self) { $0.open(GoodsRoutes.list, $1, as: .replaceRoot) }
    }

    /// Fills both fields with the seeds' sample account (the 填充 button).
    public func fill() {
        mobilePhone.value = Self.sample.phone
        verifyCode.value = Self.sample.code
    }

    /// Logs in, for as long as this view model lives (the Enter key, the 登录 button).
    public func submit() {
        login.apply().take(during: lifetime).start()
    }
}
