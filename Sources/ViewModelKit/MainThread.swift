import Dispatch
import Foundation

/// Runs view-model work on the main actor from a stream callback.
///
/// Streams deliver on whatever thread their source uses. In the app and in tests that is the
/// main actor's own context (the GTK main loop's thread; a `TestScheduler` advanced by a
/// `@MainActor` test), so the work runs at once, in order; from anywhere else it hops to the
/// main actor.
public enum MainThread {
    /// Marks the main dispatch queue, which runs main-actor jobs even where they are not on the
    /// process's first thread (Swift Testing on Linux drains it from a worker thread).
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs in the main actor's context: the main thread, or a main-queue job.
    public static var isMainActorContext: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    public static func run(_ body: @escaping @MainActor @Sendable () -> Void) {
        if isMainActorContext {
            MainActor.assumeIsolated { body() }
        } else {
            Task { @MainActor in body() }
        }
    }
}
