import Foundation
import GoodsDomain
import GoodsViewModels
import Reactive
import Testing
import ViewModelKit

@MainActor
@Suite("GoodsDetailViewModel: the 商品详情 page")
struct GoodsDetailViewModelTests {
    @Test func selectingARowSendsTheRowItselfAlongTheDetailRoute() throws {
        let world = try World()
        world.services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        let goods = world.makeGoods()
        var arguments: [any Sendable] = []
        goods.navigation.observeValues { request in
            MainActor.assumeIsolated {
                if case let .route(name, argument) = request, name == GoodsViewModel.detailRoute { arguments.append(argument) }
            }
        }
        goods.refreshAll()
        world.scheduler.run()
        let row = goods.items.value[3]
        goods.select(row)
        #expect(arguments.count == 1)
        #expect((arguments.first as? GoodsItemViewModel) === row)
    }

    @Test func theTitleAndTextsComeFromTheRow() {
        var goods = World.goods(9)
        goods.messages = 0
        goods.seller.isVerified = false
        let plain = GoodsDetailViewModel(item: GoodsItemViewModel(
            goods: goods, likes: NoLikes(), publishTime: PublishTime(now: goods.publishedAt, timeZone: .current)))
        #expect(plain.title.value == "商品详情")
        #expect(plain.messagesText == "")
        #expect(plain.verifiedText == "")
        #expect(plain.conditionText == "全新")

        let row = GoodsItemViewModel(goods: World.goods(4), likes: NoLikes(), publishTime: PublishTime(now: .now, timeZone: .current))
        let detail = GoodsDetailViewModel(item: row)
        #expect(detail.messagesText == "留言 1")
        #expect(detail.verifiedText == "已认证")
        #expect(detail.item.description == "描述")
        #expect(detail.item.images == ["images/goods/4.svg"])
    }

    @Test func likingOnTheDetailPageIsLikingTheRow() throws {
        let world = try World()
        world.services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        let goods = world.makeGoods()
        let notices = Log<String>()
        goods.notices.observeValues { notices.append($0) }
        goods.refreshAll()
        world.scheduler.run()
        let row = goods.items.value[0]
        var detail: GoodsDetailViewModel? = GoodsDetailViewModel(item: row)
        weak let released = detail
        #expect(row.likeButtonText.value == "♡ 5")
        #expect(row.likeButtonName.value == "收藏")

        detail?.toggleLike()
        #expect(!row.like.isEnabled.value, "the row's button waits for the same request")
        // Leaving the page mid-request still saves the like.
        detail = nil
        #expect(released == nil, "the page's view model is freed when the page goes")
        world.scheduler.run()
        #expect(row.isLiked.value)
        #expect(row.likeButtonText.value == "♥ 6")
        #expect(row.likeButtonName.value == "取消收藏")
        #expect(notices.values == ["收藏商品成功"], "the list shows the row's message")
        let stored = try #require(try world.services.store.page(1, size: 20, viewer: "13800138000").goods.first)
        #expect(stored.isLiked && stored.likes == 6)
    }
}

@MainActor
@Suite("PluginsViewModel: the 插件 dialog")
struct PluginsViewModelTests {
    let plugins = [
        PluginSummary(id: "app.login", name: "登录", version: "0.5.0", manifest: nil, state: .loaded),
        PluginSummary(id: "x.detail", name: "商品详情", version: "1.0", manifest: "/p/goods-detail.plugin", state: .loaded),
        PluginSummary(id: "x.broken", name: "Broken", version: "0.1", manifest: "/p/broken.plugin",
                      state: .failed("libbroken.so has no entry point goodsdesk_plugin_entry")),
        PluginSummary(id: "x.off", name: "Off", version: "2", manifest: "/p/off.plugin", state: .disabled),
    ]

    @Test func everyPluginIsListedWithVersionOriginAndState() {
        let model = PluginsViewModel(plugins: plugins, problems: ["/p/bad.plugin: missing [Plugin] Module"],
                                     preferences: MemoryPreferences(disabledPlugins: ["x.off"]))
        let rows = model.rows.value
        #expect(model.title.value == "插件")
        #expect(rows.map(\.name) == ["登录", "商品详情", "Broken", "Off"])
        #expect(rows.map(\.detail) == ["版本 0.5.0 · 内置", "版本 1.0 · /p/goods-detail.plugin",
                                       "版本 0.1 · /p/broken.plugin", "版本 2 · /p/off.plugin"])
        #expect(rows.map(\.status) == ["已加载", "已加载", "未加载：libbroken.so has no entry point goodsdesk_plugin_entry", "已停用"])
        #expect(rows.map(\.isEnabled) == [true, true, true, false])
        #expect(rows.map(\.canToggle) == [false, true, true, true], "the app's own plugins cannot be turned off")
        #expect(rows.map(\.isFailed) == [false, false, true, false])
        #expect(model.problems == "/p/bad.plugin: missing [Plugin] Module")
    }

    @Test func turningAPluginOffOrOnIsRememberedForTheNextStart() {
        let preferences = MemoryPreferences(disabledPlugins: ["x.off"])
        let model = PluginsViewModel(plugins: plugins, problems: [], preferences: preferences)
        model.setEnabled(false, id: "x.detail")
        #expect(preferences.disabledPlugins == ["x.off", "x.detail"])
        #expect(model.rows.value[1].status == "下次启动时停用")
        #expect(!model.rows.value[1].isEnabled)
        model.setEnabled(true, id: "x.off")
        #expect(preferences.disabledPlugins == ["x.detail"])
        #expect(model.rows.value[3].status == "已停用，下次启动时启用")
        model.setEnabled(true, id: "x.detail")
        #expect(model.rows.value[1].status == "已加载")
        model.setEnabled(false, id: "app.login")
        #expect(preferences.disabledPlugins == [], "a built-in plugin stays on")
        #expect(model.rows.value[0].isEnabled)
    }

    @Test func aPluginSafeModeTurnedOffSaysWhyAndTurnsBackOn() {
        let reason = "disabled: GoodsDesk quit while loading it last time; turn it on to try again"
        let preferences = MemoryPreferences(disabledPlugins: ["x.crash"])
        let model = PluginsViewModel(
            plugins: [PluginSummary(id: "x.crash", name: "Crash", version: "1", manifest: "/p/crash.plugin", state: .quarantined(reason))],
            problems: [], preferences: preferences)
        #expect(model.rows.value.map(\.status) == ["未加载：\(reason)"])
        #expect(model.rows.value.map(\.isEnabled) == [false])
        #expect(model.rows.value.map(\.isFailed) == [true])
        model.setEnabled(true, id: "x.crash")
        #expect(preferences.disabledPlugins.isEmpty)
        #expect(model.rows.value.map(\.status) == ["已停用，下次启动时启用"])
        #expect(model.rows.value.map(\.isEnabled) == [true])
    }

    @Test func thePageKeepsTheRowsLikeStateUntilItGoes() {
        let row = GoodsItemViewModel(goods: World.goods(4), likes: NoLikes(), publishTime: PublishTime(now: .now, timeZone: .current))
        var kept: LikeState? = row.likeState()
        var detail: GoodsDetailViewModel? = GoodsDetailViewModel(item: row)
        #expect(kept.map { detail?.likeState.shares(with: $0) == true } == true, "the page and the bound row share one state")
        kept = nil
        #expect(row.hasLikeState, "the page alone keeps it")
        detail = nil
        #expect(!row.hasLikeState, "released with the page")
    }
}
