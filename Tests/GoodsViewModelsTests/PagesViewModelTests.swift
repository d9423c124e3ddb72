import TestSupport
import Testing
import Foundation
import GoodsDomain
import GoodsViewModels
import Reactive
import ViewModelKit

/// The seller, place and comments pages' view models, on virtual time with the real services.
@MainActor
@Suite("Seller, place and comment pages")
struct PagesViewModelTests {
    nonisolated static let account = Account(phone: "13800138000", nickname: "Mike", avatar: nil)
    nonisolated static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// 45 goods (World's): seller id % 3 + 1, all at 杭州; item 7 has two comments.
    static func world() throws -> (World, LocalServices) {
        let world = try World()
        let base = World.dataSet(count: 45)
        let pages = base.pages.map { page in
            var page = page
            page.comments = page.goods.filter { $0.id == 7 }.flatMap { item in
                [GoodsComment(goodsID: 7, author: "小猫", avatar: nil, text: "还在吗？", createdAt: now.addingTimeInterval(-60)),
                 GoodsComment(goodsID: 7, author: "大熊", avatar: "images/avatars/1.svg", text: "包邮吗？", createdAt: now.addingTimeInterval(-30))]
            }
            if let index = page.goods.firstIndex(where: { $0.id == 7 }) { page.goods[index].messages = 2 }
            return page
        }
        let store = try GoodsStore.inMemory(importing: DataSet(pages: pages, banners: base.banners))
        let services = LocalServices(store: store, server: world.server, session: Session())
        services.session.account.value = account
        return (world, services)
    }

    static func opened(_ request: NavigationRequest) -> Destination? {
        if case let .open(destination, _) = request { return destination }
        return nil
    }

    @Test func aRowOpensItsSellerPlaceAndCommentsByRoute() throws {
        let (world, services) = try Self.world()
        let goods = GoodsViewModel(goods: services, banners: services, likes: services, session: services.session, scheduler: world.scheduler)
        let requests = Log<NavigationRequest>()
        goods.navigation.observeValues { requests.append($0) }
        goods.refreshAll()
        world.scheduler.run()
        let row = goods.items.value[6]
        goods.openSeller(of: row)
        goods.openPlace(of: row)
        goods.openComments(of: row)
        let destinations = requests.values.compactMap(Self.opened)
        #expect(destinations.count == 3)
        #expect(destinations[0].argument(for: GoodsRoutes.seller) == row.goods.seller)
        #expect(destinations[1].argument(for: GoodsRoutes.place) == "杭州")
        #expect(destinations[2].argument(for: GoodsRoutes.comments) === row, "the row itself, so its count follows")
    }

    @Test func theSellerPageIsTitledWithTheNicknameAndPagesTheirGoods() throws {
        let (world, services) = try Self.world()
        let seller = World.goods(4).seller
        let page = SellerGoodsViewModel(seller: seller, goods: services, likes: services, clock: { Self.now }, perPage: 5)
        #expect(page.title.value == "卖家")
        #expect(page.isEmpty.value == false)
        page.isActive = true
        #expect(page.footer.value == .loading)
        world.scheduler.advance(by: .milliseconds(750))
        // Seller id % 3 + 1 == 2: items 1, 4, 7, … 43 (15 of them).
        #expect(page.items.value.map(\.id) == [1, 4, 7, 10, 13])
        #expect(page.items.value.allSatisfy { $0.goods.seller.id == 2 })
        #expect(page.footerText.value == "点击或上拉加载更多")
        page.isNearEnd.value = true
        world.scheduler.advance(by: .milliseconds(750))
        #expect(page.items.value.map(\.id) == [1, 4, 7, 10, 13, 16, 19, 22, 25, 28])
        let requests = Log<NavigationRequest>()
        page.navigation.observeValues { requests.append($0) }
        page.select(at: 2)
        page.openComments(of: page.items.value[2])
        #expect(requests.values.compactMap(Self.opened).first?.argument(for: GoodsRoutes.detail)?.id == 7)
        #expect(requests.values.compactMap(Self.opened).last?.argument(for: GoodsRoutes.comments)?.id == 7)
    }

    @Test func thePlacePageIsTitledWithThePlaceAndSaysWhenEmpty() throws {
        let (world, services) = try Self.world()
        let page = PlaceGoodsViewModel(place: "杭州", goods: services, likes: services)
        #expect(page.title.value == "杭州")
        page.isActive = true
        world.scheduler.advance(by: .milliseconds(750))
        #expect(page.items.value.count == 20)
        #expect(page.items.value.allSatisfy { $0.place == "杭州" })
        let nowhere = PlaceGoodsViewModel(place: "北京", goods: services, likes: services)
        nowhere.isActive = true
        world.scheduler.advance(by: .milliseconds(750))
        #expect(nowhere.items.value.isEmpty)
        #expect(nowhere.isEmpty.value, "its status page shows")
        world.server.setDown(true, for: [.placeGoods])
        let failing = PlaceGoodsViewModel(place: "杭州", goods: services, likes: services)
        let errors = Log<String>()
        failing.errors.observeValues { errors.append($0) }
        failing.isActive = true
        world.scheduler.advance(by: .milliseconds(750))
        #expect(errors.values == ["呜呜，服务器不给力呀..."])
    }

    @Test func theCommentsPageHasTheDemosTitleAndListsNewestFirst() throws {
        let (world, services) = try Self.world()
        let goods = GoodsViewModel(goods: services, banners: services, likes: services, session: services.session, scheduler: world.scheduler)
        goods.refreshAll()
        world.scheduler.run()
        let row = goods.items.value[6]
        let page = CommentsViewModel(item: row, comments: services, clock: { Self.now }, timeZone: TimeZone(identifier: "Asia/Shanghai") ?? .current)
        #expect(page.title.value == "商品7的评论列表")
        #expect(CommentsViewModel.title(for: 3001) == "商品3001的评论列表")
        page.isActive = true
        world.scheduler.advance(by: .milliseconds(750))
        #expect(page.items.value.map(\.author) == ["大熊", "小猫"])
        #expect(page.items.value.first?.accessibleName == "大熊：包邮吗？")
        #expect(page.items.value.first?.time.isEmpty == false)
        #expect(page.isEmpty.value == false)
        #expect(page.footerText.value == "已经到底了")

        let other = CommentsViewModel(item: goods.items.value[0], comments: services)
        other.isActive = true
        world.scheduler.advance(by: .milliseconds(750))
        #expect(other.isEmpty.value && other.footerText.value == "", "no comments: the status page alone")
    }

    @Test func sendingIsEnabledByADraftAndRaisesTheRowsCount() throws {
        let (world, services) = try Self.world()
        let goods = GoodsViewModel(goods: services, banners: services, likes: services, session: services.session, scheduler: world.scheduler)
        goods.refreshAll()
        world.scheduler.run()
        let row = goods.items.value[6]
        let buttonText = row.messagesButtonText
        let name = row.messagesAccessibleName
        #expect(buttonText.value == "2" && name.value == "留言 2")
        #expect(goods.items.value[0].messagesButtonText.value == "1", "World's goods have 1 message (no comments)")
        let page = CommentsViewModel(item: row, comments: services)
        page.isActive = true
        world.scheduler.advance(by: .milliseconds(750))
        let notices = Log<String>()
        page.notices.observeValues { notices.append($0) }
        #expect(!page.send.isEnabled.value, "nothing to send")
        page.draft.value = "   "
        #expect(!page.send.isEnabled.value, "blank is nothing")
        page.draft.value = "  能便宜点吗？ "
        #expect(page.send.isEnabled.value)
        page.sendDraft()
        #expect(!page.send.isEnabled.value, "disabled while sending")
        world.scheduler.advance(by: .seconds(1))
        #expect(row.messageCount.value == 3, "the row's count rose")
        #expect(buttonText.value == "3" && name.value == "留言 3", "live, in what the row had bound")
        #expect(page.draft.value == "")
        #expect(notices.values == ["留言成功"])
        world.scheduler.advance(by: .milliseconds(750))
        #expect(page.items.value.map(\.text) == ["能便宜点吗？", "包邮吗？", "还在吗？"], "the new one on top, trimmed")
        #expect(page.items.value.first?.author == "Mike")
    }

    @Test func aFailedSendKeepsTheDraftAndTheCount() throws {
        let (world, services) = try Self.world()
        let goods = GoodsViewModel(goods: services, banners: services, likes: services, session: services.session, scheduler: world.scheduler)
        goods.refreshAll()
        world.scheduler.run()
        let row = goods.items.value[6]
        let page = CommentsViewModel(item: row, comments: services)
        let errors = Log<String>()
        page.errors.observeValues { errors.append($0) }
        world.server.setDown(true, for: [.addComment])
        page.draft.value = "在吗"
        page.sendDraft()
        world.scheduler.advance(by: .seconds(1))
        #expect(errors.values == ["呜呜，服务器不给力呀..."])
        #expect(page.draft.value == "在吗")
        #expect(row.messageCount.value == 2)
        world.server.setDown(false)
        page.draft.value = String(repeating: "长", count: GoodsComment.maximumLength + 1)
        page.sendDraft()
        world.scheduler.advance(by: .seconds(1))
        #expect(errors.values.last == "留言不能超过 200 个字")
        #expect(row.messageCount.value == 2)
    }
}
