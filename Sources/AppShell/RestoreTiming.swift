/// How long bringing the saved screens back took (`Navigator.restoreSavedScreens`), for a
/// trace: the routes' lookups of their arguments (read off the main thread, a store read each)
/// and building the screens that came back, which the window would build anyway once the user
/// got there.
public struct RestoreTiming: Sendable, Equatable, CustomStringConvertible {
    /// From the restore point to every saved screen's argument found again (or not).
    public var lookups: Duration
    /// Building the restored screens and showing them.
    public var building: Duration
    /// How many screens came back.
    public var screens: Int

    public init(lookups: Duration, building: Duration, screens: Int) {
        self.lookups = lookups
        self.building = building
        self.screens = screens
    }

    public var description: String {
        "\(screens) screens restored in \(Self.milliseconds(lookups + building)) ms "
            + "(lookups \(Self.milliseconds(lookups)) ms, building \(Self.milliseconds(building)) ms)"
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return String(Int(value.rounded()))
    }
}
