import CGtk
import Foundation

/// GTK could not open a display (the README's test command runs the GTK tests under Xvfb).
public struct GTKUnavailable: Error, CustomStringConvertible {
    public let display: String
    public var description: String { "GTK cannot open the display \(display.isEmpty ? "(DISPLAY is not set)" : display)" }
}

@MainActor private var gtkStarted = false

/// Starts GTK for a test, once per process (every later call returns at once), and from then on
/// fails the run on any GLib critical (`GLibCriticals.install()`). A suite that needs GTK calls
/// it in its `init`, with the `.needsDisplay` trait, so a run without a display skips the suite
/// instead of failing here.
@MainActor
public func startGTK() throws {
    GLibCriticals.install()
    if gtkStarted { return }
    guard gtk_init_check() != 0 else { throw GTKUnavailable(display: ProcessInfo.processInfo.environment["DISPLAY"] ?? "") }
    gtkStarted = true
}
