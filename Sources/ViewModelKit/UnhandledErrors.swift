import Foundation
import Reactive
import Synchronization

/// The app-wide stream of errors no view model could put into words (ReactiveUI's
/// `RxApp.DefaultExceptionHandler`): an error that is not a `UserFacingError` reaches it through
/// `ViewModel.show(_:)`. Each one is logged as one line (on stderr by default: the type and
/// description are for the developer) and sent once on `reports`, carrying the app's one
/// sentence for it (`message`), which the window shows as one toast. Nothing here traps: an
/// unhandled error never ends the app.
///
/// Thread-safe: errors may arrive from any thread; `reports` delivers on the sender's.
public final class UnhandledErrors: Sendable {
    /// One error that reached the stream.
    public struct Report: Sendable {
        /// Who reported it (the view model's type).
        public let source: String
        /// What the log got: the error's type and description, on one line. Never for the user.
        public let logLine: String
        /// What the user reads (`UnhandledErrors.message` when it was reported).
        public let message: String
    }

    /// The stream the app uses; `ViewModel.show(_:)` reports to it.
    public static let shared = UnhandledErrors()

    /// Every report, once, as it is made.
    public let reports: Signal<Report, Never>
    private let input: Signal<Report, Never>.Observer
    private let settings: Mutex<Settings>

    private struct Settings {
        var message: String
        var log: @Sendable (String) -> Void
    }

    /// A stream whose reports carry `message` and whose log lines go to `log` (stderr unless told).
    public init(message: String = "", log: @escaping @Sendable (String) -> Void = UnhandledErrors.standardError) {
        (reports, input) = Signal.pipe()
        settings = Mutex(Settings(message: message, log: log))
    }

    /// The sentence the user reads for any unhandled error. ViewModelKit holds no text: the app
    /// sets it at start-up, in the user's language.
    public var message: String {
        get { settings.withLock { $0.message } }
        set { settings.withLock { $0.message = newValue } }
    }

    /// Sends the log lines to `log` from now on (tests catch them).
    public func setLog(_ log: @escaping @Sendable (String) -> Void) {
        settings.withLock { $0.log = log }
    }

    /// Logs `error` as one line and sends its report once.
    public func report(_ error: any Error, from source: String) {
        let detail = "\(String(reflecting: type(of: error))): \(String(describing: error))"
        let line = "\(source): unhandled error: \(detail)".split(whereSeparator: \.isNewline).joined(separator: " ")
        let (message, log) = settings.withLock { ($0.message, $0.log) }
        log(line)
        input.send(value: Report(source: source, logLine: line, message: message))
    }

    /// Writes `line` and a line break to the standard error.
    public static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
