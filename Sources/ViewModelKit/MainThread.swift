import Foundation
import Reactive

/// Runs view-model work on the main actor from a stream callback.
///
/// Streams deliver on whatever thread their source uses. In the app and in tests that is the
/// main actor's own context (the GTK main loop's thread; a `TestScheduler` advanced by a
/// `@MainActor` test), so the work runs at once, in order; from anywhere else it hops to the
/// main actor.
public enum MainThread {
    /// Whether the caller runs in the main actor's context: the main thread, or a main-queue job.
    public static var isMainActorContext: Bool { Thread.isMainThread || MainQueue.isCurrent }

    public static func run(_ body: @escaping @MainActor @Sendable () -> Void) {
        if isMainActorContext {
            MainActor.assumeIsolated { body() }
        } else {
            Task { @MainActor in body() }
        }
    }
}
