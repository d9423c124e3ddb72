import Foundation
import Reactive

/// Runs actions at once when already on the GTK thread, else on the main loop: what binding
/// targets into widgets use, so a value set from the UI thread shows without a frame of delay.
public final class UIScheduler: Scheduler {
    public static let shared = UIScheduler()

    public init() {}

    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        if GtkThread.isCurrent {
            action()
            return nil
        }
        return MainLoopScheduler.shared.schedule(action)
    }
}
