import Reactive
import ViewModelKit

/// The goods list keeps its search across a restart: the query the user typed comes back, and
/// with it the results.
extension GoodsViewModel: StateRestoring {
    /// The longest query taken back from a saved state.
    public nonisolated static let longestRestoredQuery = 100

    public var restorableState: [String: String] {
        guard let query = search?.query.value, !query.isEmpty else { return [:] }
        return ["query": query]
    }

    public var restorableStateChanges: SignalProducer<Void, Never> {
        guard let search else { return .empty }
        return search.query.producer.skipRepeats().skip(first: 1).map { _ in () }
    }

    public func restore(_ state: [String: String]) {
        guard let search, let query = state["query"], query.count <= Self.longestRestoredQuery,
              !query.contains(where: \.isNewline) else { return }
        search.query.value = query
    }
}
