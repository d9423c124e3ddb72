import Dispatch

/// The Dispatch main queue, which runs main-actor jobs. On Linux it is not always drained on the
/// process's first thread (Swift Testing drains it from a worker), so UI code asks whether it
/// runs inside a main-queue job rather than only which thread it is on.
public enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs inside a job of the main queue.
    public static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}
