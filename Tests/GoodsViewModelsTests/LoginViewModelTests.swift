import TestSupport
import Testing
import Foundation
import GoodsDomain
import GoodsViewModels
import Reactive
import ViewModelKit

@MainActor
@Suite("LoginViewModel")
struct LoginViewModelTests {
    @Test func loginIsEnabledOnlyWhenBothFieldsHoldSomething() throws {
        let login = try World().makeLogin()
        #expect(!login.isLoginEnabled.value)
        login.mobilePhone.value = "138"
        #expect(!login.isLoginEnabled.value)
        login.verifyCode.value = "   "
        #expect(!login.isLoginEnabled.value, "whitespace is nothing")
        login.verifyCode.value = "1"
        #expect(login.isLoginEnabled.value)
        #expect(login.login.isEnabled.value)
    }

    @Test func fillSetsTheSeedsSampleAccount() throws {
        let login = try World().makeLogin()
        login.fill()
        #expect(login.mobilePhone.value == "13874389438")
        #expect(login.verifyCode.value == "5858")
        #expect(login.isLoginEnabled.value)
    }

    @Test(arguments: [
        ("123", "5858", "请输入正确的手机号码"),
        ("12874389438", "5858", "请输入正确的手机号码"),
        ("1387438943", "5858", "请输入正确的手机号码"),
        ("13874389438", "123", "验证码错误"),
        ("13874389438", "12345", "验证码错误"),
        ("13874389438", "58a8", "验证码错误"),
    ])
    func invalidInputFailsWithTheSeedsMessages(phone: String, code: String, message: String) throws {
        let world = try World()
        let login = world.makeLogin()
        let errors = Log<String>()
        login.errors.observeValues { errors.append($0) }
        login.mobilePhone.value = phone
        login.verifyCode.value = code
        login.submit()
        world.scheduler.run()
        #expect(errors.values == [message])
        #expect(!login.login.isExecuting.value)
        #expect(world.preferences.lastPhone == nil)
    }

    @Test(arguments: ["  13874389438 ", "１３８７４３８９４３８", "138 7438 9438", "16612345678", "19912345678"])
    func phoneNumbersAreTrimmedAndFullWidthDigitsAccepted(phone: String) throws {
        let world = try World()
        let login = world.makeLogin()
        let accounts = Log<String>()
        login.login.values.observeValues { accounts.append($0.phone) }
        login.mobilePhone.value = phone
        login.verifyCode.value = "５８５８"
        login.submit()
        world.scheduler.run()
        #expect(accounts.values.count == 1)
        #expect(accounts.values.first?.count == 11)
    }

    @Test func aValidLoginShowsLoadingForOneSecondThenGoesToTheGoodsList() throws {
        let world = try World()
        let login = world.makeLogin()
        let requests = Log<String>()
        login.navigation.observeValues { request in MainActor.assumeIsolated { requests.append(request.summary) } }
        login.fill()
        login.submit()
        #expect(login.login.isExecuting.value, "the HUD shows Loading...")
        world.scheduler.advance(by: .milliseconds(999))
        #expect(requests.values.isEmpty)
        world.scheduler.advance(by: .milliseconds(1))
        #expect(!login.login.isExecuting.value)
        #expect(requests.values == ["open goods.list account 13874389438 as root"])
        #expect(world.preferences.lastPhone == "13874389438")
        #expect(world.services.session.account.value?.phone == "13874389438")
    }

    @Test func aSecondLoginWhileTheFirstRunsIsRefused() throws {
        let world = try World()
        let login = world.makeLogin()
        login.fill()
        let refused = Log<String>()
        login.login.apply().start()
        login.login.apply().startWithFailed { refused.append("\($0)") }
        world.scheduler.run()
        #expect(refused.values == ["action is disabled"])
        #expect(!login.login.isExecuting.value)
    }

    @Test func aServerFailureShowsTheSeedsMessage() throws {
        let world = try World()
        world.server.setDown(true, for: [.login])
        let login = world.makeLogin()
        let errors = Log<String>()
        login.errors.observeValues { errors.append($0) }
        login.fill()
        login.submit()
        world.scheduler.run()
        #expect(errors.values == ["呜呜，服务器不给力呀..."])
        #expect(!login.login.isExecuting.value)
        #expect(world.preferences.lastPhone == nil)
    }

    @Test func theAvatarAppearsOnlyForAValidKnownNumberWithoutRepeats() throws {
        let world = try World()
        let first = world.makeLogin()
        first.fill()
        first.submit()
        world.scheduler.run()
        let known = try #require(try world.services.store.account(phone: "13874389438")?.avatar)

        let second = world.makeLogin()
        #expect(second.mobilePhone.value == "13874389438", "the last phone is restored")
        world.scheduler.advance()
        #expect(second.avatarURL.value == known)
        let avatars = Log<String?>()
        second.avatarURL.signal.observeValues { avatars.append($0) }
        for typed in ["1387438943", "138743894", "13874389438", "13912345678"] {
            second.mobilePhone.value = typed
            world.scheduler.advance()
        }
        #expect(avatars.values == [nil, known, nil])
    }

    @Test func theNextKeystrokeCancelsTheAvatarLookUp() throws {
        let world = try World()
        let first = world.makeLogin()
        first.fill()
        first.submit()
        world.scheduler.run()
        let second = world.makeLogin()
        second.mobilePhone.value = ""
        world.scheduler.advance()
        let avatars = Log<String?>()
        second.avatarURL.signal.observeValues { avatars.append($0) }
        second.mobilePhone.value = "13874389438"
        #expect(second.avatarURL.value == nil, "the look-up answers later, off the keystroke")
        second.mobilePhone.value = "1387438943"
        world.scheduler.advance()
        #expect(avatars.values.isEmpty, "the known number's answer was dropped: \(avatars.values)")
        #expect(second.avatarURL.value == nil)
    }

    @Test func theVerifyCodeIsNeverRemembered() throws {
        let world = try World()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-prefs-\(UUID().uuidString)")
        let file = folder.appendingPathComponent("preferences")
        let preferences = FilePreferences(url: file)
        let login = LoginViewModel(service: world.services, accounts: world.services, preferences: preferences)
        login.fill()
        login.submit()
        world.scheduler.run()
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.contains("13874389438"))
        #expect(!saved.contains("5858"))
        #expect(LoginViewModel(service: world.services, accounts: world.services, preferences: FilePreferences(url: file))
            .verifyCode.value.isEmpty)
    }

    @Test func aLoginViewModelIsFreedWithItsInFlightLoginDisposed() throws {
        let world = try World()
        var login: LoginViewModel? = world.makeLogin()
        weak let weakLogin = login
        login?.fill()
        login?.submit()
        login = nil
        #expect(weakLogin == nil)
        world.scheduler.run()
        #expect(try world.services.store.account(phone: "13874389438") == nil, "the disposed login did no work")
    }
}

extension LoginViewModelTests {
    /// A digit carrying a combining mark, selector or joiner is not a digit: such a number never
    /// logs in and is never remembered.
    @Test(arguments: [
        ("13874389438\u{301}", "5858", "请输入正确的手机号码"),
        ("13874389438\u{FE0F}", "5858", "请输入正确的手机号码"),
        ("1387438943\u{200D}8", "5858", "请输入正确的手机号码"),
        ("13874389438 \u{301}", "5858", "请输入正确的手机号码"),
        ("13874389438", "5858\u{301}", "验证码错误"),
        ("13874389438", "58\u{FE0E}58", "验证码错误"),
    ])
    func digitsWithMarksAreRefused(phone: String, code: String, message: String) throws {
        let world = try World()
        let login = world.makeLogin()
        let errors = Log<String>()
        let accounts = Log<String>()
        login.errors.observeValues { errors.append($0) }
        login.login.values.observeValues { accounts.append($0.phone) }
        login.mobilePhone.value = phone
        login.verifyCode.value = code
        login.submit()
        world.scheduler.run()
        #expect(errors.values == [message])
        #expect(accounts.values.isEmpty)
        #expect(world.preferences.lastPhone == nil)
        #expect(world.services.session.account.value == nil)
    }
}
