import TestSupport
import Testing
import GoodsDomain
import GoodsViewModels
import Reactive
import ViewModelKit

/// What a failed login asks the user to fix, and the 登录 button's text while it runs.
@MainActor
@Suite("LoginViewModel busy and field to fix")
struct LoginFieldToFixTests {
    @Test(arguments: [
        ("123", "5858", LoginField.phone),
        ("12874389438", "123", LoginField.phone),
        ("13874389438", "123", LoginField.code),
        ("13874389438", "58a8", LoginField.code),
    ])
    func aFieldsFailureNamesThatFieldBeforeItsMessage(phone: String, code: String, field: LoginField) throws {
        let world = try World()
        let login = world.makeLogin()
        let events = Log<String>()
        login.fieldToFix.observeValues { events.append("\($0)") }
        login.errors.observeValues { events.append($0) }
        login.mobilePhone.value = phone
        login.verifyCode.value = code
        login.submit()
        world.scheduler.run()
        let message = field == .phone ? "请输入正确的手机号码" : "验证码错误"
        #expect(events.values == ["\(field)", message])
    }

    @Test func aServiceFailureNamesNoField() throws {
        let world = try World()
        world.server.setDown(true, for: [.login])
        let login = world.makeLogin()
        let fields = Log<LoginField>()
        let errors = Log<String>()
        login.fieldToFix.observeValues { fields.append($0) }
        login.errors.observeValues { errors.append($0) }
        login.fill()
        login.submit()
        world.scheduler.run()
        #expect(errors.values == ["呜呜，服务器不给力呀..."])
        #expect(fields.values.isEmpty)
    }

    @Test func aValidLoginNamesNoField() throws {
        let world = try World()
        let login = world.makeLogin()
        let fields = Log<LoginField>()
        login.fieldToFix.observeValues { fields.append($0) }
        login.fill()
        login.submit()
        world.scheduler.run()
        #expect(fields.values.isEmpty)
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
