import GoodsDomain
import GoodsViewModels
import Reactive
import Testing
import TestSupport
import ViewModelKit

/// Turning back on a plugin that safe mode turned off (it stopped the app as it loaded) asks
/// first, through `confirmEnabling`; other switches apply at once.
@MainActor
@Suite("PluginsViewModel: turning a quarantined plugin back on")
struct PluginsEnablingTests {
    let plugins = [
        PluginSummary(id: "x.detail", name: "商品详情", version: "1.0", manifest: "/p/goods-detail.plugin", state: .loaded),
        PluginSummary(id: "x.crash", name: "崩溃", version: "1.0", manifest: "/p/crash.plugin", state: .quarantined("它让 GoodsDesk 退出了")),
    ]

    func model(_ preferences: MemoryPreferences) -> PluginsViewModel {
        PluginsViewModel(plugins: plugins, problems: [], preferences: preferences)
    }

    @Test func agreeingTurnsItOnFromTheNextStart() async {
        let preferences = MemoryPreferences(disabledPlugins: ["x.crash"])
        let model = model(preferences)
        let questions = Log<ConfirmationQuestion>()
        model.confirmEnabling.handle { questions.append($0); return true }

        await model.setEnabled(true, id: "x.crash").value
        #expect(questions.values == [PluginsViewModel.enablingQuestion(for: plugins[1])])
        #expect(questions.values.first?.title == "启用 崩溃？" && questions.values.first?.confirmTitle == "启用")
        #expect(questions.values.first?.isDestructive == false)
        #expect(preferences.disabledPlugins.isEmpty)
        #expect(model.rows.value[1].isEnabled && model.rows.value[1].status == "已停用，下次启动时启用")
    }

    @Test func decliningOrNobodyAnsweringLeavesItOffAndTurnsTheSwitchBack() async {
        let preferences = MemoryPreferences(disabledPlugins: ["x.crash"])
        let model = model(preferences)
        let rows = Log<Bool>()
        model.rows.signal.observeValues { rows.append($0[1].isEnabled) }

        await model.setEnabled(true, id: "x.crash").value
        #expect(rows.values == [false], "no handler: the rows are sent again, the switch goes back off")
        let registration = model.confirmEnabling.handle { _ in false }
        await model.setEnabled(true, id: "x.crash").value
        #expect(rows.values == [false, false])
        #expect(preferences.disabledPlugins == ["x.crash"])
        registration.dispose()
    }

    @Test func otherSwitchesAskNothing() async {
        let preferences = MemoryPreferences()
        let model = model(preferences)
        model.setEnabled(false, id: "x.detail")
        #expect(preferences.disabledPlugins == ["x.detail"], "applied before setEnabled returns")
        model.setEnabled(true, id: "x.detail")
        #expect(preferences.disabledPlugins.isEmpty)
        #expect(model.confirmEnabling.pendingCount == 0)
    }
}
