// goodsdesk — for now, a console walk through the seeds' login screen logic on the reactive core.
// The GTK application replaces this entry point in a later step; the logic shown here moves into
// `LoginViewModel`.
import Reactive
#if canImport(Glibc)
import Glibc
#endif

/// Simulated network latency: `GOODSDESK_LATENCY_MS`, else the seeds' 1 s.
let latency: Duration = {
    if let text = getenvString("GOODSDESK_LATENCY_MS"), let ms = Int(text), ms >= 0 { return .milliseconds(ms) }
    return .seconds(1)
}()

func getenvString(_ name: String) -> String? {
    guard let raw = getenv(name) else { return nil }
    return String(cString: raw)
}

enum LoginError: Error, CustomStringConvertible {
    case invalidPhone, invalidCode
    var description: String {
        switch self {
        case .invalidPhone: return "请输入正确的手机号码"
        case .invalidCode: return "验证码错误"
        }
    }
}

// The view model's inputs and outputs, as in the seed article.
let mobilePhone = MutableProperty("")
let verifyCode = MutableProperty("")
let validLogin = mobilePhone.combineLatest(with: verifyCode).map { !$0.isEmpty && !$1.isEmpty }

let login = Action<(String, String), String, LoginError>(enabledIf: validLogin) { input throws(LoginError) in
    let (phone, code) = input
    guard phone.count == 11, phone.hasPrefix("1"), phone.allSatisfy(\.isNumber) else { throw .invalidPhone }
    guard code.count == 6 else { throw .invalidCode }
    try? await Task.sleep(for: latency)
    return phone
}

// What a controller would bind to widgets, printed instead.
validLogin.producer.skipRepeats().startWithValues { print("登录 enabled: \($0)") }
login.isExecuting.producer.skipRepeats().startWithValues { print($0 ? "Loading..." : "idle") }
login.errors.observeValues { print("toast: \($0)") }
login.values.observeValues { print("logged in as \($0) → 推荐商品") }

func attempt(_ phone: String, _ code: String) async {
    print("— 手机号 \"\(phone)\", 验证码 \"\(code)\"")
    mobilePhone.value = phone
    verifyCode.value = code
    _ = try? await login.apply((phone, code)).first()
}

await attempt("123", "")
await attempt("123", "1234")
await attempt("13800138000", "123")
await attempt("13800138000", "123456")
