import GoodsDomain
import GoodsViewModels
import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// Opens the 插件 dialog over the window and keeps its controller while it is open; closing the
/// dialog releases the controller, its ViewManager and its view model.
@MainActor
public final class PluginsDialogPresenter {
    private let plugins: PluginRegistry
    private let preferences: any Preferences
    private(set) var controller: PluginsDialogController?

    public init(plugins: PluginRegistry, preferences: any Preferences) {
        self.plugins = plugins
        self.preferences = preferences
    }

    /// What the dialog lists: every plugin the registry knows of.
    var summaries: [PluginSummary] {
        plugins.entries.map { entry in
            let manifest: String? = if case let .external(path) = entry.origin { path } else { nil }
            let state: PluginSummary.State = switch entry.state {
            case .loaded: .loaded
            case .disabled: .disabled
            case let .failed(message): .failed(message)
            case let .quarantined(reason): .quarantined(reason)
            }
            return PluginSummary(id: entry.info.id, name: entry.info.name, version: entry.info.version,
                                 description: entry.description, manifest: manifest, state: state)
        }
    }

    /// The open dialog's window, if any.
    public var dialog: Window? { controller?.view.dialog }

    /// The open dialog's view model, if any.
    public var viewModel: PluginsViewModel? { controller?.model }

    /// Opens the dialog over `context`'s window (or raises it when already open).
    public func show(in context: ScreenContext) {
        if let controller {
            controller.present()
            return
        }
        let viewModel = PluginsViewModel(plugins: summaries, problems: plugins.problems, preferences: preferences)
        let controller = PluginsDialogController(viewModel, context: context)
        self.controller = controller
        // Closing the dialog releases its controller, ViewManager and view model.
        controller.view.closed.observe(during: controller.view.lifetime) { [weak self] in self?.controller = nil }
        controller.present()
    }
}
