import GoodsDomain
import Reactive
import ViewModelKit
import Localization

/// What the 插件 dialog knows of one plugin (from the app's plugin registry).
public struct PluginSummary: Sendable, Equatable {
    public enum State: Sendable, Equatable {
        case loaded
        case failed(String)
        case disabled
        /// Turned off by safe mode, with why (the app died while loading it).
        case quarantined(String)
    }

    public let id: String
    public let name: String
    public let version: String
    public let description: String
    /// Nil for a plugin that is part of the app; else where its manifest is.
    public let manifest: String?
    public let state: State

    public init(id: String, name: String, version: String, description: String = "", manifest: String?, state: State) {
        self.id = id
        self.name = name
        self.version = version
        self.description = description
        self.manifest = manifest
        self.state = state
    }
}

/// The 插件 dialog: every plugin with its version, origin and state (loaded, the error that
/// stopped it, or turned off), and a switch per external plugin. Turning one off or on is
/// remembered in the preferences and applies at the next start: a loaded library cannot be
/// unloaded safely, and a plugin turned on needs the app's start to register.
@MainActor
public final class PluginsViewModel: ViewModel {
    /// One row, preformatted.
    public struct Row: Sendable, Equatable {
        public let id: String
        public let name: String
        /// `版本 1.0 · 内置` or `版本 1.0 · /path/to/x.plugin`.
        public let detail: String
        /// `已加载`, `未加载：<why>`, `已停用`, or what happens at the next start.
        public let status: String
        /// Whether the switch is on.
        public let isEnabled: Bool
        /// Whether the switch can be used (built-in plugins cannot be turned off).
        public let canToggle: Bool
        public let isFailed: Bool
        /// The switch's accessible name: `启用 商品详情`.
        public let switchName: String
    }

    public static var screenTitle: String { tr("插件") }
    /// Shown under the list.
    public static var hint: String { tr("停用或启用插件后，重新启动 GoodsDesk 生效。") }

    /// The hint under the list (`PluginsViewModel.hint`), for the dialog to bind.
    public let hint: Property<String>
    public let rows: Property<[Row]>
    /// Problems with plugin folders or manifests that belong to no plugin, one per line.
    public let problems: String
    /// Whether there are problems to show (the dialog hides their line otherwise).
    public var showsProblems: Bool { !problems.isEmpty }

    private let plugins: [PluginSummary]
    private let preferences: any Preferences
    private let state: MutableProperty<Set<String>>

    public init(plugins: [PluginSummary], problems: [String], preferences: any Preferences) {
        self.plugins = plugins
        self.preferences = preferences
        self.problems = problems.joined(separator: "\n")
        hint = Property(value: Self.hint)
        let state = MutableProperty(preferences.disabledPlugins)
        self.state = state
        rows = state.map { disabled in plugins.map { Self.row(for: $0, disabledNextStart: disabled.contains($0.id)) } }
        super.init(title: Self.screenTitle)
    }

    /// Asks the user before a plugin that safe mode turned off is turned on again (it stopped
    /// the app last time: `enablingQuestion`); the dialog answers, with a dialog.
    public private(set) lazy var confirmEnabling = Interaction<ConfirmationQuestion, Bool>("confirmEnabling", during: lifetime)

    /// The question before turning `plugin` on again after safe mode turned it off.
    public static func enablingQuestion(for plugin: PluginSummary) -> ConfirmationQuestion {
        ConfirmationQuestion(title: tr("启用 {0}？", plugin.name),
                     message: tr("GoodsDesk 上次加载这个插件时意外退出。启用后，下次启动时会再次加载它。"),
                     confirmTitle: tr("启用"), cancelTitle: tr("取消"), isDestructive: false)
    }

    /// Turns plugin `id` on or off from the next start. Turning on one that safe mode turned off
    /// asks `confirmEnabling` first, and the returned task ends once it is answered: declined or
    /// unanswered, the plugin stays off (its row says so again, so its switch goes back off).
    /// Anything else is done before this returns.
    @discardableResult
    public func setEnabled(_ enabled: Bool, id: String) -> Task<Void, Never> {
        guard let plugin = plugins.first(where: { $0.id == id }), plugin.manifest != nil else { return Task {} }
        guard enabled, case .quarantined = plugin.state, state.value.contains(id) else {
            apply(enabled, id: id)
            return Task {}
        }
        let confirmEnabling = self.confirmEnabling
        let state = self.state
        return Task { [weak self] in
            let agreed = (try? await confirmEnabling.ask(Self.enablingQuestion(for: plugin))) ?? false
            if agreed {
                self?.apply(true, id: id)
            } else {
                // The switch was turned on: the unchanged rows turn it back off.
                state.value = state.value
            }
        }
    }

    private func apply(_ enabled: Bool, id: String) {
        var disabled = state.value
        if enabled { disabled.remove(id) } else { disabled.insert(id) }
        guard disabled != state.value else { return }
        preferences.disabledPlugins = disabled
        state.value = disabled
    }

    nonisolated static func row(for plugin: PluginSummary, disabledNextStart: Bool) -> Row {
        let origin = plugin.manifest ?? tr("内置")
        let detail = tr("版本 {0} · {1}", plugin.version, origin)
        let status: String
        switch (plugin.state, disabledNextStart) {
        case (.disabled, false), (.quarantined, false): status = tr("已停用，下次启动时启用")
        case (.disabled, true): status = tr("已停用")
        case let (.quarantined(reason), true): status = tr("未加载：{0}", reason)
        case (_, true): status = tr("下次启动时停用")
        case (.loaded, false): status = tr("已加载")
        case let (.failed(reason), false): status = tr("未加载：{0}", reason)
        }
        let isFailed = switch plugin.state {
        case .failed, .quarantined: true
        case .loaded, .disabled: false
        }
        return Row(id: plugin.id, name: plugin.name, detail: detail, status: status,
                   isEnabled: !disabledNextStart, canToggle: plugin.manifest != nil, isFailed: isFailed,
                   switchName: tr("启用 {0}", plugin.name))
    }
}
