import TestSupport
import Testing
import Foundation
import Reactive
@testable import GoodsDomain

@Suite("Services on virtual time")
struct ServiceTests {
    let scheduler = TestScheduler()

    func makeServices(count: Int = 40) throws -> (LocalServices, SimulatedServer) {
        let server = SimulatedServer(scheduler: scheduler)
        let store = try GoodsStore.inMemory(importing: Fixtures.dataSet(count: count))
        return (LocalServices(store: store, server: server, session: Session()), server)
    }

    @Test func loginTakesOneSecondAndRecordsTheAccount() throws {
        let (services, _) = try makeServices()
        var account: Account?
        let results = Mutexed<Account?>(nil)
        services.login(phone: "13874389438", code: "5858").startWithValues { results.set($0) }
        scheduler.advance(by: .milliseconds(999))
        #expect(results.get() == nil)
        scheduler.advance(by: .milliseconds(1))
        account = results.get()
        #expect(account?.phone == "13874389438")
        #expect(account == Account.demo, "the seeds' number is the demo's account, with its own avatar")
        let known = Mutexed<Account?>(nil)
        services.account(phone: "13874389438").startWithValues { known.set($0) }
        #expect(known.get() == nil, "look-ups answer on the scheduler, never inline")
        scheduler.advance()
        #expect(known.get() == account, "known next time")
        #expect(services.session.account.value == account)
    }

    @Test func aFailingServerAnswersWithTheSeedsMessage() throws {
        let (services, server) = try makeServices()
        server.setDown(true, for: [.login])
        let failure = Mutexed<ServiceError?>(nil)
        services.login(phone: "13874389438", code: "5858").startWithFailed { failure.set($0) }
        scheduler.advance(by: .seconds(1))
        #expect(failure.get() == ServiceError(.serverUnavailable, request: .login))
        #expect(try services.store.account(phone: "13874389438") == nil)
    }

    @Test func pagesAndBannersArriveAfterTheirLatency() throws {
        let (services, _) = try makeServices()
        let page = Mutexed<GoodsPage?>(nil)
        let banners = Mutexed<[Banner]?>(nil)
        services.page(2, size: 20).startWithValues { page.set($0) }
        services.banners().startWithValues { banners.set($0) }
        scheduler.advance(by: .milliseconds(500))
        #expect(banners.get()?.count == 2)
        #expect(page.get() == nil)
        scheduler.advance(by: .milliseconds(250))
        #expect(page.get()?.goods.map(\.id) == Array(21...40))
        #expect(page.get()?.lastPage == 2)
    }

    @Test func likesPersistForTheLoggedInAccount() throws {
        let (services, _) = try makeServices()
        services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        let liked = Mutexed<Goods?>(nil)
        services.setLiked(true, goodsID: 3).startWithValues { liked.set($0) }
        scheduler.advance(by: .seconds(1))
        #expect(liked.get()?.isLiked == true)
        #expect(liked.get()?.likes == 6)
        #expect(try services.store.goods(id: 3, viewer: "13800138000")?.isLiked == true)
    }

    @Test func aDisposedRequestDoesNoWork() throws {
        let (services, _) = try makeServices()
        services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        services.setLiked(true, goodsID: 3).start().dispose()
        scheduler.run()
        #expect(try services.store.goods(id: 3, viewer: "13800138000")?.isLiked == false)
    }

    @Test func latencyCanBeOverridden() {
        let server = SimulatedServer(scheduler: scheduler, latency: .milliseconds(10))
        #expect(SimulatedServer.Request.allCases.allSatisfy { server.latency(of: $0) == .milliseconds(10) })
        #expect(SimulatedServer(scheduler: scheduler).latency(of: .goodsPage) == .milliseconds(750))
    }
}

@Suite("Preferences")
struct PreferencesTests {
    @Test func filePreferencesRememberTheLastPhoneAcrossInstances() {
        let url = Fixtures.temporaryFolder().appendingPathComponent("goodsdesk/preferences")
        let first = FilePreferences(url: url)
        #expect(first.lastPhone == nil)
        first.lastPhone = "13874389438"
        #expect(FilePreferences(url: url).lastPhone == "13874389438")
        first.disabledPlugins = ["b.plugin", "a.plugin"]
        #expect(FilePreferences(url: url).disabledPlugins == ["a.plugin", "b.plugin"])
        #expect(FilePreferences(url: url).lastPhone == "13874389438", "other keys are kept")
        first.disabledPlugins = []
        #expect(FilePreferences(url: url).disabledPlugins.isEmpty)
    }

    @Test func anUnwritableLocationIsReportedNotFatal() {
        let lines = Log<String>()
        let preferences = FilePreferences(url: URL(fileURLWithPath: "/proc/goodsdesk/preferences"), log: lines.append)
        preferences.lastPhone = "13874389438"
        #expect(preferences.lastPhone == "13874389438", "kept for this run")
        #expect(lines.values.count == 1)
    }
}

/// A value shared with `@Sendable` callbacks.
final class Mutexed<Value: Sendable>: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
    func get() -> Value { lock.withLock { value } }
}
