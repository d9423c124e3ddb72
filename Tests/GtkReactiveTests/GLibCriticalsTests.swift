import CGtk
import Foundation
import GtkTestSupport
import Testing

/// The test support's log writer: a GLib critical fails the run, in this process and whatever
/// `G_DEBUG` says. Proved without failing this run: an expected critical is counted, and an
/// unexpected one is logged in a child run of this test bundle, which must die of it.
@MainActor
@Suite("GLib criticals fail the test run", .serialized)
struct GLibCriticalsTests {
    /// Set in the child's environment: only there does the probe log its critical.
    nonisolated static let probeVariable = "GTK_TEST_SUPPORT_CRITICAL_PROBE"

    /// A critical as GLib's own checks log it (`g_return_val_if_fail` in `g_strv_length`).
    static func logACritical() { _ = g_strv_length(nil) }

    @Test func anExpectedCriticalIsSeenAndCounted() {
        let before = GLibCriticals.seen.load(ordering: .relaxed)
        #expect(GLibCriticals.expecting { Self.logACritical() } == 1)
        #expect(GLibCriticals.seen.load(ordering: .relaxed) == before + 1)
        #expect(GLibCriticals.expecting {} == 0)
    }

    @Test func anUnexpectedCriticalAbortsTheRun() throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = ["--testing-library", "swift-testing", "--filter", "GLibCriticalsTests/theProbeLogsACritical"]
        var environment = ProcessInfo.processInfo.environment
        // Only the writer can stop it: GLib's own fatal-criticals is off in the child, and Swift's
        // crash backtracer stays as in this run (it resumes after GLib's SIGTRAP; abort() ends anyway).
        environment["G_DEBUG"] = nil
        environment[Self.probeVariable] = "1"
        child.environment = environment
        let errors = Pipe()
        child.standardError = errors
        child.standardOutput = FileHandle.nullDevice
        try child.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGABRT,
                "the child ran on after its critical: \(child.terminationReason) \(child.terminationStatus)\n\(output)")
        #expect(output.contains("g_strv_length: assertion"), "GLib's message is printed")
        #expect(output.contains("a GLib critical fails the test run"), "and says why the run stops")
        #expect(!output.contains("ran on after the critical"))
    }

    /// Runs only in the child `anUnexpectedCriticalAbortsTheRun` starts.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[GLibCriticalsTests.probeVariable] != nil, "runs in a child run only"))
    func theProbeLogsACritical() {
        GLibCriticals.install()
        Self.logACritical()
        FileHandle.standardError.write(Data("ran on after the critical\n".utf8))
    }
}
