import GoodsViewModels
import PluginKit

/// The login screen, as a plugin like any other.
@MainActor
public final class LoginPlugin: Plugin {
    public let info = PluginInfo(id: "io.github.goodsdesk.login", name: "登录", version: "1.0")
    public init() {}
    public func register(in registry: PluginRegistry) throws {
        try registry.registerScreen(for: LoginViewModel.self) { LoginController(viewModel: $0, context: $1) }
    }
}

/// The goods list, as a plugin like any other.
@MainActor
public final class GoodsListPlugin: Plugin {
    public let info = PluginInfo(id: "io.github.goodsdesk.goods", name: "推荐商品", version: "1.0")
    public init() {}
    public func register(in registry: PluginRegistry) throws {
        try registry.registerScreen(for: GoodsViewModel.self) { GoodsListController(viewModel: $0, context: $1) }
    }
}
