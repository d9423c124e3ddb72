import Dispatch
import Synchronization

/// Records values in the order they arrive, from any thread, for a test to read back.
public final class Log<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])
    private let arrived = DispatchSemaphore(value: 0)

    public init() {}

    public func append(_ value: Value) {
        storage.withLock { $0.append(value) }
        arrived.signal()
    }

    /// Everything recorded so far.
    public var values: [Value] { storage.withLock { $0 } }

    /// Waits for the next value (one appended after the last one waited for, from any thread);
    /// false if none comes within `seconds`. For work that runs off the test's thread.
    public func waitForValue(seconds: Double = 10) -> Bool {
        arrived.wait(timeout: .now() + seconds) == .success
    }
}
