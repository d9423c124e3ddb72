import AppShell
import Foundation
import GoodsDomain
import GtkReactive
import Localization
import Reactive
import ViewModelKit

/// GoodsDesk as a GApplication: GIO parses the command line (`LaunchOptions.table`, plus its own
/// `--help` and `--gapplication-service`); the launching process answers `--version` and option
/// mistakes itself (`handleLocalOptions`); the primary instance sets the app up in `startup`
/// (plugins, data), opens its window for its own launch and for a D-Bus activation (service
/// mode), and answers each later launch's command line: it raises its window, and options the
/// running app cannot take on (another data source, other plugin folders) are said to need a
/// restart — on the second launch's terminal and in a toast — never dropped in silence. A
/// start-up error shows a window with the message (as well as standard error), and the process
/// exits 1 once it is closed.
@MainActor
public final class AppLaunch {
    /// The GApplication.
    public let application: Application
    let environment: AppEnvironment
    let log: @Sendable (String) -> Void
    /// What this process's own command line asked for (read in `handleLocalOptions`).
    public private(set) var options = LaunchOptions()
    /// The app, once `startup` has set it up.
    public private(set) var app: GoodsDeskApp?
    /// Why the app could not start, if it could not.
    public private(set) var startError: StartError?
    private var errorWindow: StartErrorWindow?

    /// The application for GoodsDesk's id, its options and handlers in place; nil when GIO
    /// refuses the id. Writes to `log` what the terminal should see (standard error).
    public init?(environment: AppEnvironment, log: @escaping @Sendable (String) -> Void) {
        // The style sheets are in GoodsUI's GResource, at the resource base path, where
        // AdwApplication loads them as it starts up.
        guard let application = Application(id: GoodsDeskApp.applicationID, flags: .handlesCommandLine, resources: [.goodsUI]) else { return nil }
        self.application = application
        self.environment = environment
        self.log = log
        application.resourceBasePath = GoodsDeskApp.resourceBasePath
        application.addOptions(LaunchOptions.table.map(Self.applicationOption))
        application.setHelp(summary: tr("Browse second-hand goods: a desktop app built on an MVVM framework for GTK 4."),
                            description: LaunchOptions.environmentHelp)
        application.handleLocalOptions { [weak self] values in self?.handleLocalOptions(values) }
        application.startup.observe(during: application.lifetime) { [weak self] in self?.startUp() }
        application.handleCommandLine { [weak self] commandLine in self?.handle(commandLine) ?? 1 }
        application.activated.observe(during: application.lifetime) { [weak self] in self?.activate() }
        // Ctrl+C and `kill` quit the way closing the window does.
        application.quitOnSignals()
    }

    /// Runs the application on `arguments` (the program's name first) until it quits; the exit
    /// status: 1 after a start-up error, else GIO's (0; 2 for a mistake in the options). The app
    /// and its store are shut down before this returns.
    public func run(arguments: [String]) -> Int32 {
        let status = application.run(arguments: arguments)
        app?.shutdown()
        app = nil
        return startError != nil ? 1 : status
    }

    nonisolated static func applicationOption(_ option: LaunchOptions.Option) -> ApplicationOption {
        let kind: ApplicationOption.Kind = switch option.kind {
        case .flag: .flag
        case .text: .text
        case .folders: .paths
        }
        return ApplicationOption(option.name, kind: kind, summary: option.summary, valueName: option.valueName)
    }

    /// GIO's values as `LaunchOptions`, checked.
    nonisolated static func launchOptions(_ values: ApplicationOptionValues) throws(LaunchOptionsError) -> LaunchOptions {
        try LaunchOptions(values: values.mapValues { value -> LaunchOptions.Value in
            switch value {
            case .flag: .flag
            case let .text(text): .text(text)
            case let .paths(paths): .folders(paths)
            }
        })
    }

    /// In the launching process: `--version` and mistakes end it here; else it goes on.
    private func handleLocalOptions(_ values: ApplicationOptionValues) -> Int32? {
        do {
            options = try Self.launchOptions(values)
        } catch {
            log("goodsdesk: \(error)\n\n\(LaunchOptions.usage)")
            return 2
        }
        if options.showVersion {
            FileHandle.standardOutput.write(Data("goodsdesk \(GoodsDeskApp.version)\n".utf8))
            return 0
        }
        return nil
    }

    /// In the primary instance, once: the app's setup (plugins, then the data).
    private func startUp() {
        do {
            app = try GoodsDeskApp(environment: environment, options: options, log: log)
        } catch {
            startError = error
            log("goodsdesk: \(error)")
        }
    }

    /// A launch's command line: this process's own opens the window; a second launch's raises
    /// it, and says so on that launch's terminal — with options that need a restart, there and
    /// in a toast.
    private func handle(_ commandLine: ApplicationCommandLine) -> Int32 {
        guard commandLine.isRemote else {
            application.activate()
            return 0
        }
        application.activate()
        let asked = (try? Self.launchOptions(commandLine.options)) ?? LaunchOptions()
        if let ignored = Self.optionsNeedingRestart(asked: asked, running: options) {
            let message = tr("GoodsDesk is already running: restart it to use {0}", ignored)
            commandLine.printError("goodsdesk: \(message)\n")
            app?.showNotice(message)
        } else {
            commandLine.printError("goodsdesk: " + tr("GoodsDesk is already running; its window was raised") + "\n")
        }
        return 0
    }

    /// The options of a second launch (`asked`) that the running app (`running`) does not
    /// already follow, as they were written (`--data-source mhdemo:/x`); nil when there are none
    /// (a launch without options only raises the window).
    nonisolated static func optionsNeedingRestart(asked: LaunchOptions, running: LaunchOptions) -> String? {
        var ignored: [String] = []
        if let source = asked.dataSource, source != running.dataSource {
            ignored.append("--data-source \(source.id):\(source.argument)")
        }
        if !asked.pluginDirectories.isEmpty, asked.pluginDirectories != running.pluginDirectories {
            ignored += asked.pluginDirectories.map { "--plugin-dir \($0)" }
        }
        return ignored.isEmpty ? nil : ignored.joined(separator: " ")
    }

    /// An activation (a launch, or D-Bus in service mode): the app's window, or the start-up
    /// error's.
    private func activate() {
        guard let startError else {
            app?.activate(application)
            return
        }
        if errorWindow == nil {
            let window = StartErrorWindow(
                title: tr("GoodsDesk 无法启动"), message: startError.message, quitLabel: tr("退出"), application: application)
            window.lifetime.observeEnded { [weak self] in MainThread.run { self?.errorWindow = nil } }
            errorWindow = window
        }
        errorWindow?.present()
    }
}
