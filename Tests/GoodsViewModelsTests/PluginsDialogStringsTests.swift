import GoodsDomain
import GoodsViewModels
import Reactive
import Testing
import ViewModelKit

/// What the 插件 dialog shows comes from its view model: the title, the hint, each switch's
/// accessible name, and whether the problems line shows.
@MainActor
@Suite("PluginsViewModel: the dialog's strings")
struct PluginsDialogStringsTests {
    let plugins = [
        PluginSummary(id: "app.login", name: "登录", version: "0.5.0", manifest: nil, state: .loaded),
        PluginSummary(id: "x.detail", name: "商品详情", version: "1.0", manifest: "/p/goods-detail.plugin", state: .loaded),
    ]

    @Test func theTitleHintAndSwitchNamesComeFromTheViewModel() {
        let model = PluginsViewModel(plugins: plugins, problems: [], preferences: MemoryPreferences())
        #expect(model.title.value == "插件")
        #expect(model.hint.value == "停用或启用插件后，重新启动 GoodsDesk 生效。")
        #expect(model.hint.value == PluginsViewModel.hint)
        #expect(model.rows.value.map(\.switchName) == ["启用 登录", "启用 商品详情"])
        #expect(!model.showsProblems, "no problems: nothing to show under the list")
    }

    @Test func aSwitchKeepsItsNameWhenItsPluginIsTurnedOff() {
        let model = PluginsViewModel(plugins: plugins, problems: [], preferences: MemoryPreferences())
        model.setEnabled(false, id: "x.detail")
        #expect(model.rows.value[1].switchName == "启用 商品详情")
        #expect(!model.rows.value[1].isEnabled)
    }

    @Test func problemsShowWhenThereAreSome() {
        let model = PluginsViewModel(plugins: [], problems: ["/p/a.plugin: bad", "/p: not trusted"], preferences: MemoryPreferences())
        #expect(model.showsProblems)
        #expect(model.problems == "/p/a.plugin: bad\n/p: not trusted")
    }
}
