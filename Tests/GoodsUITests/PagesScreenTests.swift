@testable import AppShell
import CGtk
import Foundation
import GoodsDomain
import GoodsUI
import GoodsViewModels
import GtkReactive
import GtkShim
import PluginKit
import Reactive
import Testing
import ViewModelKit

extension ScreenTests {
    @Test func aRowsSellerPlaceAndCommentsOpenTheirScreensTitledAsTheDemo() throws {
        let window = AppWindow(application: nil, options: .goodsDesk())
        let registry = PluginRegistry()
        let router = AppRouter(services: services, preferences: MemoryPreferences(), scheduler: scheduler)
        registry.install(LoginPlugin(router: router))
        registry.install(GoodsListPlugin(router: router))
        try router.register(in: registry)
        let navigator = Navigator(window: window, registry: registry,
                                  pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/nonexistent")))
        let account = Account(phone: "13800138000", nickname: "Mike", avatar: nil)
        services.session.account.value = account
        navigator.open(GoodsRoutes.list, account, as: .replaceRoot)
        let list = try #require(navigator.top as? GoodsListController)
        list.didShow()
        scheduler.advance(by: .seconds(2))
        let row = list.model.items.value[2]

        list.model.openSeller(of: row)
        let seller = try #require(navigator.top as? GoodsListPageController)
        #expect(seller.viewModel.title.value == row.nickname)
        scheduler.advance(by: .seconds(1))
        #expect(!seller.model.items.value.isEmpty && seller.model.items.value.allSatisfy { $0.goods.seller.id == row.goods.seller.id })

        list.model.openPlace(of: row)
        let place = try #require(navigator.top as? GoodsListPageController)
        #expect(place.viewModel.title.value == row.place)

        list.model.openComments(of: row)
        let comments = try #require(navigator.top as? CommentsController)
        #expect(comments.viewModel.title.value == "商品\(row.id)的评论列表")
        let before = row.messageCount.value
        comments.model.draft.value = "还在吗？"
        comments.model.sendDraft()
        scheduler.advance(by: .seconds(1))
        #expect(row.messageCount.value == before + 1, "the row's count rose")
        #expect(window.toastText == "留言成功")
        scheduler.advance(by: .seconds(1))
        #expect(comments.model.items.value.first?.text == "还在吗？")
        window.destroy()
    }
}
