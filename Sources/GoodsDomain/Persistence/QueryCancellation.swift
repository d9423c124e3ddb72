import Synchronization

/// A flag a running store query checks: set it (`cancel()`, from any thread) and the query
/// stops at SQLite's next progress check — within a few thousand virtual machine steps — and
/// throws `StoreError.cancelled`, letting go of the store at once. A search superseded by the
/// next keystroke is cancelled this way, so a 2-character scan of a million rows does not hold
/// the store for the one after it.
public final class QueryCancellation: Sendable {
    private let flag = Atomic(false)
    /// Progress checks left before the query cancels itself (tests: a cancel that lands
    /// mid-scan for sure); `Int.max` for none.
    private let checksLeft: Atomic<Int>

    public init() { checksLeft = Atomic(Int.max) }

    /// A cancellation that sets itself at the `checks`-th progress check of a query.
    init(cancellingAfter checks: Int) { checksLeft = Atomic(max(1, checks)) }

    /// One progress check of a running query: whether it is to stop.
    func check() -> Bool {
        if checksLeft.load(ordering: .relaxed) != Int.max, checksLeft.subtract(1, ordering: .relaxed).newValue <= 0 {
            cancel()
        }
        return isCancelled
    }

    /// How many progress checks the query made, for a cancellation made with `cancellingAfter`.
    var checksRemaining: Int { checksLeft.load(ordering: .relaxed) }

    /// Asks the query to stop; later calls do nothing more.
    public func cancel() { flag.store(true, ordering: .relaxed) }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

extension StoreError {
    /// The query was cancelled (`QueryCancellation`) before it finished: no answer, no fault.
    public static var cancelled: StoreError {
        StoreError(.cancelled, message: "the query was cancelled")
    }
}
