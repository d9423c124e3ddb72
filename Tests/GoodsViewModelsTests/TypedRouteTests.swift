import Foundation
import GoodsDomain
import GoodsViewModels
import Reactive
import TestSupport
import Testing
import ViewModelKit

/// The typed destination of a request, if it is one.
private func opened(_ request: NavigationRequest) -> (Destination, Presentation)? {
    if case let .open(destination, presentation) = request { return (destination, presentation) }
    return nil
}

@MainActor
@Suite("Typed routes: view models name their successors, never build them")
struct TypedRouteTests {
    @Test func aValidLoginOpensTheGoodsListForTheAccountInPlaceOfTheStack() throws {
        let world = try World()
        let login = world.makeLogin()
        let requests = Log<NavigationRequest>()
        login.navigation.observeValues { requests.append($0) }
        login.fill()
        login.submit()
        world.scheduler.advance(by: .milliseconds(999))
        #expect(requests.values.isEmpty, "not before the server answers")
        world.scheduler.advance(by: .milliseconds(1))
        #expect(requests.values.count == 1)
        let (destination, presentation) = try #require(requests.values.first.flatMap(opened))
        #expect(destination.route == "goods.list")
        #expect(destination.argument(for: GoodsRoutes.list)?.phone == "13874389438", "the account, typed by the key")
        #expect(destination.argument(for: GoodsRoutes.detail) == nil, "another route's key finds nothing")
        #expect(presentation == .replaceRoot)
        #expect(world.services.session.account.value?.phone == "13874389438")
    }

    @Test func aConfirmedLogoutOpensTheLoginInPlaceOfTheStack() async throws {
        let world = try World()
        world.services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        let goods = world.makeGoods()
        let requests = Log<NavigationRequest>()
        goods.navigation.observeValues { requests.append($0) }
        goods.confirmLogout.handle { _ in
            #expect(requests.values.isEmpty, "it asks first")
            return true
        }
        #expect(await goods.logout().value == .success(true))
        let (destination, presentation) = try #require(requests.values.last.flatMap(opened))
        #expect(requests.values.count == 1)
        #expect(destination.isRoute(GoodsRoutes.login))
        #expect(destination.argument(for: GoodsRoutes.login) != nil, "the login takes no argument: ()")
        #expect(presentation == .replaceRoot)
        #expect(world.services.session.account.value == nil)
    }

    @Test func aSelectedRowOpensTheDetailRouteWithTheRowItselfOnTop() throws {
        let world = try World()
        world.services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        let goods = world.makeGoods()
        let requests = Log<NavigationRequest>()
        goods.navigation.observeValues { requests.append($0) }
        goods.refreshAll()
        world.scheduler.run()
        let row = goods.items.value[3]
        goods.select(row)
        let (destination, presentation) = try #require(requests.values.last.flatMap(opened))
        #expect(destination.route == GoodsViewModel.detailRoute)
        #expect(destination.argument(for: GoodsRoutes.detail) === row, "a like on the page is the row's like")
        #expect(presentation == .push)
    }

    @Test func anOpenedStoreIsHandedOnAlongTheOpenedRoute() throws {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<StoreOpeningEvent, StoreError>.pipe()
        let store = try GoodsStore.inMemory(importing: World.dataSet(count: 3))
        let start = StartViewModel(opening: SignalProducer(signal), scheduler: scheduler)
        let requests = Log<NavigationRequest>()
        start.navigation.observeValues { requests.append($0) }
        input.send(value: .opened(store))
        #expect(requests.values.isEmpty, "delivered on the scheduler")
        scheduler.advance()
        let (destination, presentation) = try #require(requests.values.first.flatMap(opened))
        #expect(destination.argument(for: GoodsRoutes.opened) === store)
        #expect(presentation == .replaceRoot)
        #expect(requests.values.count == 1)
    }

    @Test func theKeysNamesAreTheAppsRoutes() {
        #expect(GoodsRoutes.detail.name == "goods.detail", "the goods-detail plugin and the fixtures use this name")
        #expect(Set([GoodsRoutes.opened.name, GoodsRoutes.login.name, GoodsRoutes.list.name, GoodsRoutes.detail.name]).count == 4)
    }
}
