import Foundation
import GoodsDomain
import GoodsViewModels
import Reactive
import ViewModelKit
import Synchronization

extension NavigationRequest {
    /// A short description for assertions.
    @MainActor
    var summary: String {
        switch self {
        case .pop: return "pop"
        case let .resetToRoot(viewModel): return "root \(viewModel.title.value)"
        case let .open(destination, presentation):
            let argument = (destination.argument as? GoodsItemViewModel).map { "item \($0.id)" }
                ?? (destination.argument as? Account).map { "account \($0.phone)" } ?? "\(destination.argument)"
            return "open \(destination.route) \(argument)\(presentation == .replaceRoot ? " as root" : "")"
        }
    }
}
