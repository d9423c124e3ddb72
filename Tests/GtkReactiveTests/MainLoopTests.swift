import Foundation
import Testing

/// The Dispatch main queue (and with it Swift's main actor and `Task.sleep` wake-ups) runs inside
/// the GLib main loop on the main thread, woken by the queue's own fd. Proven by running
/// `mainloop-probe`, which hosts the loop exactly as the app does, in a process of its own.
@Suite("Main loop integration")
struct MainLoopTests {
    @Test func mainQueueWorkAndMainActorTasksRunOnTheGLibLoop() throws {
        let testBundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let probe = testBundle.appendingPathComponent("mainloop-probe")
        try #require(FileManager.default.isExecutableFile(atPath: probe.path), "build mainloop-probe first (swift build)")
        let process = Process()
        process.executableURL = probe
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0,
                "3: the queue never ran; 4/5: it ran off the loop thread; 6: Task.sleep woke at the wrong time")
    }
}
