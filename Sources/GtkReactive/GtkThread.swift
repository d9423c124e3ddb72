import Foundation
import Reactive

/// Whether the caller is on the thread GTK runs on: the main thread in the app (whose GLib loop
/// also drains the main queue), or the main queue's thread where Swift Testing runs main-actor
/// tests. Widgets are only touched there.
public enum GtkThread {
    public static var isCurrent: Bool { Thread.isMainThread || MainQueue.isCurrent }

    /// Runs `body` at once when on the GTK thread, else on the main loop: how work that arrives
    /// from a stream (a producer's start, a value) reaches widgets.
    static func run(_ body: @escaping @MainActor @Sendable () -> Void) {
        if isCurrent {
            assumeCurrent(body)
        } else {
            MainLoopScheduler.shared.schedule { assumeCurrent(body) }
        }
    }
}

extension GtkThread {
    /// Runs `body` on the main actor from a callback that GTK, the main loop or `UIScheduler`
    /// runs on the GTK thread (its isolation cannot be spelled in the callback's type). The one
    /// `MainActor.assumeIsolated` of GtkReactive besides the signal trampolines'.
    static func assumeCurrent<T: Sendable>(_ body: @MainActor () -> T) -> T {
        MainActor.assumeIsolated { body() }
    }
}
