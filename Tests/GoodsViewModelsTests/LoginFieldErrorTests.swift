import TestSupport
import Testing
import GoodsDomain
import GoodsViewModels
import Reactive
import ViewModelKit

/// A failed login's error names the field to fix (the screen focuses it from the error), and
/// the 登录 button's text while it runs.
@MainActor
@Suite("LoginViewModel busy and field errors")
struct LoginFieldErrorTests {
    @Test(arguments: [
        ("123", "5858", InputField.phone),
        ("12874389438", "123", InputField.phone),
        ("13874389438", "123", InputField.code),
        ("13874389438", "58a8", InputField.code),
    ])
    func aFieldsFailureNamesThatField(phone: String, code: String, field: InputField) throws {
        let world = try World()
        let login = world.makeLogin()
        let failures = Log<ServiceError>()
        let messages = Log<String>()
        login.login.errors.observeValues { failures.append($0) }
        login.errors.observeValues { messages.append($0) }
        login.mobilePhone.value = phone
        login.verifyCode.value = code
        login.submit()
        world.scheduler.run()
        #expect(failures.values.map(\.field) == [field])
        #expect(failures.values.map(\.kind) == [.invalidInput(field, .malformed)])
        #expect(failures.values.allSatisfy { $0.request == nil }, "checked before any request")
        #expect(messages.values == [field == .phone ? "请输入正确的手机号码" : "验证码错误"])
    }

    @Test func aServiceFailureNamesNoField() throws {
        let world = try World()
        world.server.setDown(true, for: [.login])
        let login = world.makeLogin()
        let failures = Log<ServiceError>()
        let errors = Log<String>()
        login.login.errors.observeValues { failures.append($0) }
        login.errors.observeValues { errors.append($0) }
        login.fill()
        login.submit()
        world.scheduler.run()
        #expect(errors.values == ["呜呜，服务器不给力呀..."])
        #expect(failures.values.map(\.kind) == [.serverUnavailable])
        #expect(failures.values.map(\.field) == [nil])
    }

    @Test func aValidLoginFailsWithNothing() throws {
        let world = try World()
        let login = world.makeLogin()
        let failures = Log<ServiceError>()
        login.login.errors.observeValues { failures.append($0) }
        login.fill()
        login.submit()
        world.scheduler.run()
        #expect(failures.values.isEmpty)
        #expect(world.preferences.lastPhone == "13874389438")
    }

    @Test func theButtonSaysLoggingInWhileTheLoginRuns() throws {
        let world = try World()
        let login = world.makeLogin()
        let titles = Log<String>()
        login.loginButtonTitle.producer.startWithValues { titles.append($0) }
        #expect(titles.values == ["登录"])
        login.fill()
        login.submit()
        #expect(login.loginButtonTitle.value == "登录中…")
        world.scheduler.advance(by: .seconds(1))
        #expect(titles.values == ["登录", "登录中…", "登录"])
    }
}
