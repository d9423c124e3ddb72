import Foundation
import Testing
import Reactive
import ViewModelKit
import Synchronization

/// The app-wide stream for errors no view model could word.
@Suite("UnhandledErrors")
struct UnhandledErrorsTests {
    /// An error of no user-facing type, with a description spread over two lines.
    struct Glitch: Error, CustomStringConvertible {
        let token: String
        var description: String { "glitch \(token)\nsecond line" }
    }

    /// A worded error.
    struct Worded: UserFacingError {
        var userMessage: String? { "说清楚了" }
    }

    final class Lines: Sendable {
        private let storage = Mutex<[String]>([])
        func append(_ line: String) { storage.withLock { $0.append(line) } }
        var values: [String] { storage.withLock { $0 } }
    }

    @Test func anErrorIsLoggedOnOneLineAndReportedOnceWithTheAppsSentence() {
        let log = Lines()
        let stream = UnhandledErrors(message: "出了点问题", log: log.append)
        let reports = Lines()
        stream.reports.observeValues { reports.append("\($0.source)|\($0.message)") }
        stream.report(Glitch(token: "a"), from: "SomeViewModel")
        #expect(log.values.count == 1)
        #expect(log.values.first?.contains("\n") == false, "one line")
        #expect(log.values.first?.contains("Glitch") == true, "the log names the type")
        #expect(log.values.first?.contains("glitch a second line") == true)
        #expect(reports.values == ["SomeViewModel|出了点问题"], "one report, in the app's words, no dump")
        stream.message = "另一句"
        stream.report(Glitch(token: "b"), from: "Other")
        #expect(reports.values.last == "Other|另一句")
    }

    @MainActor
    @Test func aViewModelSendsAnErrorItCannotWordToTheSharedStreamOnceAndShowsNoDump() {
        let viewModel = ViewModel()
        let shown = Lines()
        viewModel.errors.observeValues { shown.append($0) }
        let token = UUID().uuidString
        let reports = Lines()
        let subscription = UnhandledErrors.shared.reports.observeValues { report in
            if report.logLine.contains(token) { reports.append(report.source) }
        }
        viewModel.show(Glitch(token: token))
        viewModel.show(Worded())
        subscription?.dispose()
        #expect(reports.values == ["ViewModel"], "reached the stream once, named by its view model")
        #expect(shown.values == ["说清楚了"], "only the worded error is the view model's own toast")
    }
}
