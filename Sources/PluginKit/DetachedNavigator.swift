import Foundation
import ViewModelKit

/// A navigator for screens shown outside the app's navigation (tests, previews, a context built
/// with the two-argument `ScreenContext` init): it opens nothing and says so on standard error,
/// so a request is never silently lost.
@MainActor
public final class DetachedNavigator: Navigating {
    private let log: @Sendable (String) -> Void

    /// `log` receives one line per request (standard error by default, after the process's name).
    public init(log: @escaping @Sendable (String) -> Void = {
        FileHandle.standardError.write(Data("\(ProcessInfo.processInfo.processName): \($0)\n".utf8))
    }) {
        self.log = log
    }

    public func handle(_ request: NavigationRequest) {
        log("no navigator for this screen; \(Self.describe(request)) ignored")
    }

    private static func describe(_ request: NavigationRequest) -> String {
        switch request {
        case let .open(destination, _): "open \(destination.route)"
        case .pop: "pop"
        case .resetToRoot: "reset to root"
        }
    }
}
