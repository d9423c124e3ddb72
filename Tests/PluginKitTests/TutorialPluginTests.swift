import CGtk
import Foundation
import GtkReactive
import GtkTestSupport
import PluginKit
import Reactive
import Testing
import ViewModelKit

/// The README's tutorial, "Your first screen", as meson-helpers/build-tutorial-plugin.sh builds
/// it from the README (the test command runs it for debug and release): it loads, registers its
/// route and menu action, keeps to the size the README promises, and its screen works.
@MainActor
@Suite("The README's tutorial", .serialized)
struct TutorialPluginTests {
    static let built = BuiltPlugins.root.appendingPathComponent(".build/\(BuiltPlugins.configuration)/tutorial-plugin")
    /// The tutorial's route, as the plugin spells it (a key is its name).
    static let screen = RouteKey<Void>("org.example.echo.screen")

    /// A registry holding the tutorial plugin alone, loaded from a fresh folder.
    func load() throws -> PluginRegistry {
        let folder = try BuiltPlugins.folder()
        try BuiltPlugins.install("echo", manifest: "echo.plugin", from: Self.built, into: folder)
        let (registry, lines) = BuiltPlugins.load([folder])
        #expect(lines.isEmpty, "\(lines)")
        return registry
    }

    @Test func theTutorialLoadsWithItsRouteAndMenuAction() throws {
        let registry = try load()
        #expect(registry.entries.map(\.info.id) == ["org.example.echo"])
        #expect(registry.entries.first?.state == .loaded)
        #expect(registry.hasRoute(Self.screen))
        let action = try #require(registry.actions.first)
        #expect(registry.actions.count == 1)
        #expect(action.id == "echo.open")
        #expect(action.title == "Your first screen")
        #expect(action.accelerator == nil)
    }

    @Test func theTutorialKeepsToItsSize() throws {
        let counts = try TutorialCounts(readme: BuiltPlugins.root.appendingPathComponent("README.md"))
        // The same line build-tutorial-plugin.sh prints, counted again from README.md.
        print(counts.summary)
        #expect(counts.swiftLines <= TutorialCounts.maxLines, "\(counts.summary)")
        #expect(counts.swiftLines > 20, "the Swift block was found whole: \(counts.summary)")
        #expect(counts.gtkCalls == 0, "\(counts.summary)")
        #expect(counts.assumeIsolated == 0, "\(counts.summary)")
        #expect(counts.layoutFile == "echo.ui")
        #expect(counts.usesTypedLayout, "the controller uses echo.ui's typed layout")
        #expect(counts.layoutLines > 0)
    }

    @Test(.needsDisplay)
    func itsScreenBindsTheLayoutToTheViewModel() async throws {
        try startGTK()
        let registry = try load()
        let context = ScreenContext(chrome: PluginLookupTests.Chrome(), pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/tmp")))
        let controller = try #require(registry.controller(route: Self.screen, argument: (), in: context))
        #expect(controller.viewModel.title.value == "Your first screen")
        // The layout's page, found in the plugin's own resources, with the widgets it declares
        // (a stand-in page would have none).
        #expect(Box.isInstance(controller.page.pointer))
        let entry = Entry(try #require(descendant("message", of: controller.page)))
        let count = Label(try #require(descendant("count", of: controller.page)))
        let send = Button(try #require(descendant("send", of: controller.page)))
        #expect(count.text == "0 characters")
        #expect(!send.isSensitive, "nothing to send yet")

        entry.text = "hello"
        await pumpMainLoopYielding { count.text == "5 characters" }
        #expect(count.text == "5 characters")
        #expect(send.isSensitive)

        var notices: [String] = []
        controller.viewModel.notices.observe(during: controller.viewModel.lifetime) { notices.append($0) }
        send.click()
        #expect(!send.isSensitive && send.hasCSSClass("busy"), "busy, and so insensitive, while it sends")
        await pumpMainLoopYielding(timeout: .seconds(5)) { !notices.isEmpty && entry.text.isEmpty }
        #expect(notices == ["Sent: hello"])
        #expect(entry.text == "")
        #expect(count.text == "0 characters")
        await pumpMainLoopYielding { !send.hasCSSClass("busy") }
        #expect(!send.isSensitive, "insensitive again: the entry is empty")
        withExtendedLifetime(controller) {}
    }

    /// The widget with builder id `id` at or under `widget`.
    func descendant(_ id: String, of widget: Widget) -> UnsafeMutablePointer<GtkWidget>? {
        descendants(of: widget.pointer).first { builderID($0) == id }
    }
}

/// What the README's tutorial holds, counted from README.md as build-tutorial-plugin.sh counts
/// it: the non-blank lines of its Swift block (comments included), the raw `gtk_` calls and
/// `MainActor.assumeIsolated` in it, and the non-blank lines of its `.ui` block.
struct TutorialCounts {
    static let maxLines = 40
    let swiftLines: Int
    let gtkCalls: Int
    let assumeIsolated: Int
    let layoutFile: String
    /// Whether the Swift reaches its widgets through the generated `EchoLayout`, naming no file.
    let usesTypedLayout: Bool
    let layoutLines: Int

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    init(readme: URL) throws {
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let start = text.range(of: "### Your first screen\n") else { throw Missing(description: "README.md has no ### Your first screen") }
        var section = text[start.upperBound...]
        // Up to the next heading (## or ###).
        if let end = section.range(of: "\n## ") { section = section[..<end.lowerBound] }
        if let end = section.range(of: "\n### ") { section = section[..<end.lowerBound] }
        func block(_ language: String) throws -> String {
            let blocks = section.split(separator: "```\(language)\n", omittingEmptySubsequences: false).dropFirst()
            guard blocks.count == 1, let body = blocks.first?.components(separatedBy: "```").first else {
                throw Missing(description: "the tutorial has \(blocks.count) ```\(language) blocks, not one")
            }
            return body
        }
        func nonBlank(_ text: String) -> Int {
            text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.allSatisfy(\.isWhitespace) }.count
        }
        let swift = try block("swift")
        let layout = try block("xml")
        swiftLines = nonBlank(swift)
        gtkCalls = swift.components(separatedBy: "gtk_").count - 1
        assumeIsolated = swift.components(separatedBy: "MainActor.assumeIsolated").count - 1
        // The file the section names first, as build-tutorial-plugin.sh finds it.
        layoutFile = try Regex(#"`([A-Za-z0-9_-]+\.ui)`"#).firstMatch(in: String(section)).flatMap { $0.output[1].substring.map(String.init) } ?? "(none)"
        usesTypedLayout = swift.contains("ScreenController<EchoViewModel, EchoLayout>") && !swift.contains("\"echo.ui\"")
        layoutLines = nonBlank(layout)
    }

    /// `tutorial: 39 lines of Swift (≤ 40), echo.ui 32 lines, 0 gtk_ calls, 0 MainActor.assumeIsolated`
    var summary: String {
        "tutorial: \(swiftLines) lines of Swift (≤ \(Self.maxLines)), \(layoutFile) \(layoutLines) lines, "
            + "\(gtkCalls) gtk_ calls, \(assumeIsolated) MainActor.assumeIsolated"
    }
}
