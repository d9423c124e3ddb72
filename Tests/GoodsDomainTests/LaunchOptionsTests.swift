import Foundation
import Testing
@testable import GoodsDomain

@Suite("Command line")
struct LaunchOptionsTests {
    @Test func pluginFoldersAndADataSource() throws {
        let options = try LaunchOptions.parse([
            "--plugin-dir", "/a", "--plugin-dir=/b", "--data-source", "mhdemo:/data/demo:with:colons",
        ])
        #expect(options.pluginDirectories == ["/a", "/b"])
        #expect(options.dataSource == .init(id: "mhdemo", argument: "/data/demo:with:colons"))
        #expect(!options.showHelp && !options.showVersion)
        #expect(try LaunchOptions.parse(["--data-source=dataset:"]).dataSource == .init(id: "dataset", argument: ""))
        #expect(try LaunchOptions.parse([]) == LaunchOptions())
    }

    @Test func helpAndVersion() throws {
        #expect(try LaunchOptions.parse(["--help"]).showHelp)
        #expect(try LaunchOptions.parse(["-h"]).showHelp)
        #expect(try LaunchOptions.parse(["--version"]).showVersion)
    }

    @Test(arguments: [
        (["--plugin-dir"], "--plugin-dir needs a value"),
        (["--plugin-dir="], "--plugin-dir needs a folder"),
        (["--data-source", "mhdemo"], "--data-source takes ID:ARGUMENT"),
        (["--data-source", ":/x"], "--data-source takes ID:ARGUMENT"),
        (["--frobnicate"], "unknown option --frobnicate"),
        (["--frobnicate=3"], "unknown option --frobnicate"),
        (["photo.jpg"], "unexpected argument \"photo.jpg\""),
        (["--version=2"], "--version takes no value"),
    ])
    func mistakesAreNamed(arguments: [String], message: String) {
        do {
            _ = try LaunchOptions.parse(arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    @Test func theUsageListsEveryOptionAndVariable() {
        for name in ["--plugin-dir", "--data-source", "--help", "--version", "GOODSDESK_PLUGIN_PATH", "GOODSDESK_DATA_DIR",
                     "GOODSDESK_LATENCY_MS", "GOODSDESK_TRACE", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"] {
            #expect(LaunchOptions.usage.contains(name), "\(name) is missing from --help")
        }
    }

    @Test func pluginPathTraceAndThePrefixPluginFolder() {
        let installed = AppEnvironment(
            variables: ["HOME": "/home/u", "GOODSDESK_PLUGIN_PATH": "/x:/y", "GOODSDESK_TRACE": "1"],
            executable: URL(fileURLWithPath: "/opt/gd/bin/goodsdesk"))
        #expect(installed.pluginPath == "/x:/y")
        #expect(installed.trace)
        #expect(installed.prefixPluginDirectory?.path == "/opt/gd/lib/goodsdesk/plugins")
        let built = AppEnvironment(variables: ["HOME": "/home/u"], executable: URL(fileURLWithPath: "/src/.build/debug/goodsdesk"))
        #expect(built.prefixPluginDirectory == nil, "an uninstalled build has no prefix")
        #expect(!built.trace)
    }
}

/// The options as a toolkit's parser (GApplication's) hands them back: the same options, the
/// same checks as `parse`.
@Suite("Command line, from the toolkit's parser")
struct LaunchOptionValuesTests {
    @Test func theTableNamesEveryOptionButTheToolkitsHelp() {
        #expect(LaunchOptions.table.map(\.name) == ["plugin-dir", "data-source", "version"])
        #expect(LaunchOptions.table.map(\.kind) == [.folders, .text, .flag])
        #expect(LaunchOptions.table.allSatisfy { !$0.summary.isEmpty })
        for name in ["GOODSDESK_PLUGIN_PATH", "GOODSDESK_DATA_DIR", "XDG_DATA_HOME", "XDG_STATE_HOME"] {
            #expect(LaunchOptions.environmentHelp.contains(name), "\(name) is missing from --help's environment")
        }
    }

    @Test func valuesBecomeOptions() throws {
        let options = try LaunchOptions(values: [
            "plugin-dir": .folders(["/a", "/b"]), "data-source": .text("mhdemo:/data/demo:with:colons"), "version": .flag,
        ])
        #expect(options.pluginDirectories == ["/a", "/b"])
        #expect(options.dataSource == .init(id: "mhdemo", argument: "/data/demo:with:colons"))
        #expect(options.showVersion)
        #expect(try LaunchOptions(values: [:]) == LaunchOptions())
        #expect(try LaunchOptions(values: ["gapplication-service": .flag]) == LaunchOptions(), "the toolkit's own are not ours")
        #expect(try LaunchOptions(values: ["data-source": .text("dataset:")]) == LaunchOptions.parse(["--data-source=dataset:"]))
    }

    @Test(arguments: [
        (["plugin-dir": LaunchOptions.Value.folders(["/a", ""])], "--plugin-dir needs a folder"),
        (["data-source": .text("mhdemo")], "--data-source takes ID:ARGUMENT"),
        (["data-source": .text(":/x")], "--data-source takes ID:ARGUMENT"),
    ])
    func mistakesAreNamedAsParseNamesThem(values: [String: LaunchOptions.Value], message: String) {
        do {
            _ = try LaunchOptions(values: values)
            Issue.record("\(values) was accepted")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    @Test func parseAcceptsTheServiceOption() throws {
        #expect(try LaunchOptions.parse(["--gapplication-service"]).runsAsService)
        #expect(try LaunchOptions.parse(["--help-all"]).showHelp)
        #expect(throws: LaunchOptionsError.self) { try LaunchOptions.parse(["--gapplication-service=1"]) }
    }
}

/// The install prefix's plugin folder follows the libdir meson built for (Debian's multiarch one).
@Suite("Install layout")
struct InstallLayoutTests {
    @Test func thePluginFolderIsUnderTheBuildsLibdir() {
        let debian = AppEnvironment(variables: ["HOME": "/home/u"], executable: URL(fileURLWithPath: "/nonexistent-gd/bin/goodsdesk"),
                                    libdir: "lib/x86_64-linux-gnu")
        #expect(debian.prefixPluginDirectory?.path == "/nonexistent-gd/lib/x86_64-linux-gnu/goodsdesk/plugins")
        let plain = AppEnvironment(variables: ["HOME": "/home/u"], executable: URL(fileURLWithPath: "/nonexistent-gd/bin/goodsdesk"),
                                   libdir: nil)
        #expect(plain.prefixPluginDirectory?.path == "/nonexistent-gd/lib/goodsdesk/plugins")
    }

    @Test func theOldLibFolderIsTheFallbackWhenOnlyItExists() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("gd-layout-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("lib/goodsdesk/plugins"), withIntermediateDirectories: true)
        let environment = AppEnvironment(variables: ["HOME": "/home/u"], executable: prefix.appendingPathComponent("bin/goodsdesk"),
                                         libdir: "lib64")
        #expect(environment.prefixPluginDirectory?.path == prefix.appendingPathComponent("lib/goodsdesk/plugins").path)
    }

    @Test func aLibdirThatLeavesThePrefixIsRefused() {
        #expect(InstallLayout.validated("lib/x86_64-linux-gnu") == "lib/x86_64-linux-gnu")
        for bad in ["", "/usr/lib", "../lib", "lib/../..", "lib//x", "lib/", "lib dir"] {
            #expect(InstallLayout.validated(bad) == nil, "\(bad) must be refused")
        }
        #expect(InstallLayout.libdir == nil, "a SwiftPM test build embeds no libdir")
    }
}
