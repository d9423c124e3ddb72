import TestSupport
import Testing
import Foundation
import GoodsDomain
import GoodsViewModels
import Reactive

/// The login screen's avatar as the demo's `avatarUrlString`: a valid number shows its known
/// account's avatar as soon as it is typed (the demo's seeded account has one; an account that
/// logged in here keeps its own), the placeholder (nil) otherwise; logging in gives a new account
/// no one else's picture. On virtual time, headless.
@MainActor
@Suite("LoginViewModel: the avatar as the demo shows it")
struct LoginAvatarTests {
    @Test func theDemoAccountsAvatarShowsBeforeAnyoneLoggedIn() throws {
        let world = try World()
        #expect(try world.services.store.account(phone: Account.demo.phone) == nil, "nobody logged in yet")
        let login = world.makeLogin()
        let avatars = Log<String?>()
        login.avatarURL.signal.observeValues { avatars.append($0) }
        login.mobilePhone.value = "1387438943"
        world.scheduler.advance()
        #expect(login.avatarURL.value == nil, "not yet a valid number: the placeholder")
        login.mobilePhone.value = Account.demo.phone
        world.scheduler.advance()
        #expect(login.avatarURL.value == Account.demo.avatar)
        #expect(Account.demo.avatar != nil)
        login.fill()
        world.scheduler.advance()
        #expect(avatars.values == [Account.demo.avatar], "填充 types the same number: no flicker")
    }

    @Test func anUnknownValidNumberShowsThePlaceholderBeforeAndAfterLogin() throws {
        let world = try World()
        let login = world.makeLogin()
        login.mobilePhone.value = "13912345678"
        login.verifyCode.value = "1234"
        world.scheduler.advance()
        #expect(login.avatarURL.value == nil)
        login.submit()
        world.scheduler.run()
        let account = try #require(world.services.session.account.value)
        #expect(account.phone == "13912345678")
        #expect(account.avatar == nil, "no seller's picture: \(account.avatar ?? "")")
        #expect(try world.services.store.account(phone: "13912345678")?.avatar == nil)
        #expect(try !world.services.store.sellerAvatars().isEmpty, "the data set has seller pictures it could have picked")

        let again = world.makeLogin()
        world.scheduler.advance()
        #expect(again.mobilePhone.value == "13912345678")
        #expect(again.avatarURL.value == nil, "still the placeholder next time")
    }

    @Test func theDemoAccountLogsInWithItsOwnAvatar() throws {
        let world = try World()
        let login = world.makeLogin()
        login.fill()
        login.submit()
        world.scheduler.run()
        #expect(world.services.session.account.value == Account.demo)
        #expect(try world.services.store.account(phone: Account.demo.phone) == Account.demo)
    }

    @Test func anAccountThatLoggedInKeepsItsAvatar() throws {
        let world = try World()
        // As an older GoodsDesk saved them: the demo's number and another, each with a picture.
        let earlier = [Account(phone: Account.demo.phone, nickname: "用户9438", avatar: "images/avatars/2.svg"),
                       Account(phone: "13600001111", nickname: "用户1111", avatar: "images/avatars/3.svg")]
        for account in earlier { try world.services.store.save(account) }
        for account in earlier {
            let login = world.makeLogin()
            login.mobilePhone.value = account.phone
            login.verifyCode.value = "1234"
            world.scheduler.advance()
            #expect(login.avatarURL.value == account.avatar, "the saved avatar at once, the seeded one does not replace it")
            login.submit()
            world.scheduler.run()
            #expect(world.services.session.account.value == account)
        }
    }
}
