import Foundation
import Testing

/// layout-codegen, the typed layouts' generator, run as the builds run it: on a third party's
/// package (Tests/Fixtures/typed-layout, built with `swift build`, whose build fails when an id
/// its code uses is renamed in its `.ui` file), and on files it must refuse, with the line.
@Suite("Typed layouts' generator", .serialized)
struct LayoutCodegenTests {
    /// The package's folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    /// The build's products folder, where the test bundle and layout-codegen are.
    static let bin = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()

    struct Run {
        let status: Int32
        let output: String
    }

    /// Runs `executable` with `arguments`, its output and errors together; terminated after
    /// `timeout` seconds (a build that hangs fails the test instead of the test command).
    static func run(_ executable: String, _ arguments: [String], timeout: TimeInterval) async throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("layout-codegen-test-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        // Its end is awaited (no polling); a watchdog on a queue of its own ends it after `timeout`.
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let timedOut = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let late = ended.wait(timeout: .now() + timeout) == .timedOut
                if late { process.terminate() }
                continuation.resume(returning: late)
            }
        }
        if timedOut { Issue.record("\(executable) \(arguments.joined(separator: " ")) took longer than \(Int(timeout)) s") }
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }

    // MARK: A renamed id fails the build

    /// Copies the fixture package into `.build/fixture-builds/typed-layout/package` (its
    /// dependency on this package made absolute), where its builds share one scratch folder, so
    /// only the first run in a tree builds the framework (about a minute on two cores; later runs
    /// compile the fixture's one target, seconds).
    static func fixtureCopy() throws -> (package: URL, scratch: URL) {
        let work = root.appendingPathComponent(".build/fixture-builds/typed-layout")
        let package = work.appendingPathComponent("package")
        let files = FileManager.default
        try? files.removeItem(at: package)
        try files.createDirectory(at: work, withIntermediateDirectories: true)
        try files.copyItem(at: root.appendingPathComponent("Tests/Fixtures/typed-layout"), to: package)
        let manifest = package.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try #require(text.contains(#"path: "../../..""#))
        try text.replacingOccurrences(of: #"path: "../../..""#, with: "path: \"\(root.path)\"")
            .write(to: manifest, atomically: true, encoding: .utf8)
        return (package, work.appendingPathComponent("scratch"))
    }

    static func build(_ package: URL, scratch: URL) async throws -> Run {
        let swift = ProcessInfo.processInfo.environment["PATH"].flatMap { path in
            path.split(separator: ":").map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        } ?? "/usr/bin/swift"
        return try await run(swift, ["build", "--package-path", package.path, "--scratch-path", scratch.path], timeout: 900)
    }

    @Test(.timeLimit(.minutes(30)))
    func aRenamedIdFailsTheBuildWhereTheCodeUsesItsOutlet() async throws {
        let (package, scratch) = try Self.fixtureCopy()
        let built = try await Self.build(package, scratch: scratch)
        #expect(built.status == 0, "the fixture as committed builds:\n\(built.output.suffix(4000))")

        let layout = package.appendingPathComponent("Sources/Greeter/greeter.ui")
        let text = try String(contentsOf: layout, encoding: .utf8)
        try #require(text.contains(#"id="name_entry""#))
        try text.replacingOccurrences(of: #"id="name_entry""#, with: #"id="name_field""#).write(to: layout, atomically: true, encoding: .utf8)
        let renamed = try await Self.build(package, scratch: scratch)
        #expect(renamed.status != 0, "the build must fail once name_entry is renamed")
        #expect(renamed.output.contains("GreeterViewManager.swift"), "it fails in the code that uses the id:\n\(renamed.output.suffix(4000))")
        #expect(renamed.output.contains("has no member 'nameEntry'"), "naming the outlet:\n\(renamed.output.suffix(4000))")
    }

    // MARK: What it refuses

    /// Runs layout-codegen on one `.ui` file holding `body` (inside `<interface>`).
    static func generate(_ body: String) async throws -> (Run, source: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-codegen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"<gresources><gresource prefix="/t"><file alias="sample.ui">in/sample.ui</file></gresource></gresources>"#
            .write(to: folder.appendingPathComponent("t.gresource.xml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("in"), withIntermediateDirectories: true)
        try "<?xml version=\"1.0\"?>\n<interface>\n\(body)\n</interface>\n"
            .write(to: folder.appendingPathComponent("in/sample.ui"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("Layouts.swift")
        let codegen = bin.appendingPathComponent("layout-codegen").path
        try #require(FileManager.default.isExecutableFile(atPath: codegen), "layout-codegen is built beside the tests")
        let result = try await run(codegen, [folder.appendingPathComponent("t.gresource.xml").path, folder.path, output.path], timeout: 60)
        return (result, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }

    @Test func itWritesOneTypedPropertyPerIdOfAWidgetOrMenu() async throws {
        let (result, source) = try await Self.generate("""
            <object class="GtkBox" id="page">
              <child><object class="GtkEntry" id="phone-entry"/></child>
              <child><object class="AdwStatusPage" id="empty_status"/></child>
              <child><object class="GtkBox"/></child>
            </object>
            <object class="GtkStringList" id="choices"/>
            <menu id="primary_menu"/>
            """)
        #expect(result.status == 0, "\(result.output)")
        #expect(source.contains("public final class SampleLayout: GtkReactive.TypedLayout {"))
        #expect(source.contains("var phoneEntry: GtkReactive.Entry = uiLayout.outlet(GtkReactive.Entry.self, id: \"phone-entry\")"))
        #expect(source.contains("var emptyStatus: GtkReactive.StatusPage ="))
        #expect(source.contains("var page: GtkReactive.Box ="))
        #expect(source.contains("var primaryMenu: GtkReactive.Menu = uiLayout.menuOutlet(id: \"primary_menu\")"))
        #expect(!source.contains("choices"), "a list model is no widget: no outlet")
        #expect(source.contains("UILayout.loading(\"sample.ui\", in: .module)"))
    }

    @Test func aLayoutsFolderStandsForEveryUIFileInIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-codegen-\(UUID().uuidString)")
        let ui = folder.appendingPathComponent("ui")
        try FileManager.default.createDirectory(at: ui, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("t.gresource.xml")
        try """
            <gresources><gresource prefix="/t">
              <layouts folder="ui" compressed="true"/>
            </gresource><gresource prefix="/t/css"><file>style.css</file></gresource></gresources>
            """.write(to: manifest, atomically: true, encoding: .utf8)
        for name in ["b-screen", "a-row"] {
            try "<?xml version=\"1.0\"?>\n<interface><object class=\"GtkBox\" id=\"page\"/></interface>\n"
                .write(to: ui.appendingPathComponent("\(name).ui"), atomically: true, encoding: .utf8)
        }
        try "not a layout".write(to: ui.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("Layouts.swift"), expanded = folder.appendingPathComponent("expanded.xml")
        let codegen = Self.bin.appendingPathComponent("layout-codegen").path
        let result = try await Self.run(codegen, [manifest.path, folder.path, output.path, expanded.path], timeout: 60)
        #expect(result.status == 0, "\(result.output)")
        let source = try String(contentsOf: output, encoding: .utf8)
        #expect(source.contains("public final class ARowLayout") && source.contains("public final class BScreenLayout"))
        let listed = try String(contentsOf: expanded, encoding: .utf8)
        #expect(listed.contains(#"<file alias="a-row.ui" compressed="true">ui/a-row.ui</file>"#), "\(listed)")
        #expect(listed.contains(#"<file alias="b-screen.ui" compressed="true">ui/b-screen.ui</file>"#))
        #expect(!listed.contains("layouts") && !listed.contains("notes.txt"), "only the folder's .ui files, in the element's place")
        #expect(listed.contains("<file>style.css</file>"), "the rest of the manifest as it was")

        let alone = try await Self.run(codegen, [manifest.path, folder.path, output.path], timeout: 60)
        #expect(alone.status != 0 && alone.output.contains("EXPANDED_MANIFEST"), "a folder needs somewhere to list its files: \(alone.output)")
    }

    @Test func idsThatGiveOnePropertyAreRefusedWithBothLines() async throws {
        let (result, _) = try await Self.generate("""
            <object class="GtkLabel" id="login-label"/>
            <object class="GtkLabel" id="login_label"/>
            """)
        #expect(result.status != 0)
        #expect(result.output.contains("sample.ui:4: error: the ids \"login-label\" (line 3) and \"login_label\" both give the property loginLabel"),
                "\(result.output)")
    }

    @Test func anIdThatCannotBeAPropertyIsRefused() async throws {
        let (digit, _) = try await Self.generate(#"<object class="GtkLabel" id="2nd"/>"#)
        #expect(digit.status != 0 && digit.output.contains("sample.ui:3: error: the id \"2nd\" gives no usable Swift property name"), "\(digit.output)")
        let (reserved, _) = try await Self.generate(#"<object class="GtkLabel" id="ui_layout"/>"#)
        #expect(reserved.status != 0 && reserved.output.contains("the id \"ui_layout\" gives no usable Swift property name"), "\(reserved.output)")
    }

    @Test func aFileThatIsNotXMLIsRefusedAtItsLine() async throws {
        let (result, _) = try await Self.generate("<object class=\"GtkLabel\" id=\"a\">\n<child>\n</object>")
        #expect(result.status != 0)
        #expect(result.output.contains("sample.ui:"), "\(result.output)")
        #expect(result.output.contains("error: not XML"), "\(result.output)")
    }
}
