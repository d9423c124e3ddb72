import CGtk
import Foundation
import GtkReactive
import GtkTestSupport
import Reactive
import Testing

/// GIO parses an `Application`'s options (`addOptions`): the launching process sees their values
/// in `handleLocalOptions` and may end there; the primary sees them again in `handleCommandLine`
/// (here its own launch: not remote). GIO registers on the session bus, so the suite needs one
/// (the README's test command runs under dbus-run-session).
@MainActor
@Suite("Application options", .serialized,
       .enabled(if: hasDisplay && ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
                "needs a display and a session bus: the README's test command runs it under Xvfb and dbus-run-session"))
struct ApplicationOptionsTests {
    static let options = [
        ApplicationOption("plugin-dir", kind: .paths, summary: "plugins", valueName: "DIR"),
        ApplicationOption("data-source", kind: .text, summary: "data", valueName: "ID:ARG"),
        ApplicationOption("version", shortName: "V", kind: .flag, summary: "version"),
    ]

    init() throws {
        try startGTK()
    }

    func application(_ name: String) throws -> Application {
        let application = try #require(Application(id: "io.github.goodsdesk.OptionsTest.\(name)\(getpid())", flags: .handlesCommandLine))
        #expect(application.flags == .handlesCommandLine)
        application.addOptions(Self.options)
        return application
    }

    @Test func theLaunchingProcessAndThePrimaryBothSeeTheOptions() throws {
        let application = try application("Parse")
        var events: [String] = []
        var local: ApplicationOptionValues?
        var primary: (remote: Bool, options: ApplicationOptionValues)?
        application.handleLocalOptions { values in
            events.append("local")
            local = values
            return nil
        }
        application.startup.observe(during: application.lifetime) { events.append("startup") }
        application.handleCommandLine { commandLine in
            events.append("command-line")
            primary = (commandLine.isRemote, commandLine.options)
            return 0
        }
        let status = application.run(
            arguments: ["options-test", "--plugin-dir", "/a", "--plugin-dir=/b", "--data-source", "x:y:z", "-V"],
            hostingMainQueue: false)
        #expect(status == 0)
        #expect(events == ["local", "startup", "command-line"], "options are read before startup, which runs in the primary")
        let expected: ApplicationOptionValues = ["plugin-dir": .paths(["/a", "/b"]), "data-source": .text("x:y:z"), "version": .flag]
        #expect(local == expected)
        #expect(primary?.remote == false, "the first launch is the primary's own")
        #expect(primary?.options == expected)
    }

    @Test func aLocalAnswerEndsTheProcessBeforeStartup() throws {
        let application = try application("Local")
        var started = false
        application.handleLocalOptions { values in values["version"] == .flag ? 7 : nil }
        application.startup.observe(during: application.lifetime) { started = true }
        application.handleCommandLine { _ in 0 }
        #expect(application.run(arguments: ["options-test", "--version"], hostingMainQueue: false) == 7)
        #expect(!started, "no startup (no setup) for an answer given locally")
    }

    @Test func optionsLeftOutAreNotInTheValues() throws {
        let application = try application("None")
        var local: ApplicationOptionValues?
        application.handleLocalOptions { values in
            local = values
            return 0
        }
        #expect(application.run(arguments: ["options-test"], hostingMainQueue: false) == 0)
        #expect(local == [:])
    }

    @Test func theResourceBasePathIsTheIdsByDefault() throws {
        let application = try application("Path")
        #expect(application.resourceBasePath == "/io/github/goodsdesk/OptionsTest/Path\(getpid())")
        application.resourceBasePath = "/org/example/Other"
        #expect(application.resourceBasePath == "/org/example/Other")
    }
}
