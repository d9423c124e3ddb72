import CGtk

/// How GApplication runs an `Application` (GIO's `GApplicationFlags`, the ones an app chooses).
/// GIO's own command-line options follow from them: `--gapplication-service` is accepted unless
/// the application is `.nonUnique` (it then starts without a window and waits for a D-Bus
/// activation).
public struct ApplicationFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A launch's command line (its options, arguments and working folder) goes to the primary
    /// instance's `handleCommandLine`, whether this process is the primary or a second launch.
    public static let handlesCommandLine = ApplicationFlags(rawValue: G_APPLICATION_HANDLES_COMMAND_LINE.rawValue)
    /// The launching process's environment goes along with its command line.
    public static let sendsEnvironment = ApplicationFlags(rawValue: G_APPLICATION_SEND_ENVIRONMENT.rawValue)
    /// No single instance: every launch is its own primary (and `--gapplication-service` is refused).
    public static let nonUnique = ApplicationFlags(rawValue: G_APPLICATION_NON_UNIQUE.rawValue)
}
