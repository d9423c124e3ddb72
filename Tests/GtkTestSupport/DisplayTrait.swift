import Foundation
import Testing

/// Whether this process has a display GTK can open (X11's or Wayland's). The README's test
/// command runs the GTK tests under Xvfb; a bare `swift test` without one (which proves the pure
/// layers need none) skips them.
public let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"] != nil
    || ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] != nil

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only where there is a display (`hasDisplay`), saying why otherwise.
    public static var needsDisplay: Self {
        .enabled(if: hasDisplay, "needs a display: the README's test command runs it under Xvfb")
    }
}
