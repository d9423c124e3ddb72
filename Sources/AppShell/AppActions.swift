import Foundation
import GtkReactive
import Reactive
import ViewModelKit

/// The window's commands as actions, each listed in the app's primary menu with its
/// accelerator: GNOME's way, so a command works the same from the menu, the keyboard and the
/// shortcuts window (Ctrl+?).
///
/// - `win.<id>` for each of the app's slots that is an action (GoodsDesk's `win.refresh`, F5 and
///   Ctrl+R, and `win.logout`) presses the slot's button: enabled only while the screen on top
///   declares it (its slot shown) and it takes input.
/// - `win.close` (Ctrl+W) closes the window; `app.quit` (Ctrl+Q) closes every window and quits
///   (an application's only: a window of none, in tests, has none).
/// - `win.show-help-overlay` (Ctrl+?, Ctrl+/) shows the app's shortcuts window, if it has one.
/// - the screen's own menu items and the plugins' `AppAction`s come and go (`add`, `remove`).
///
/// Accelerators go through the application (`gtk_application_set_accels_for_action`), which
/// also shows them in the menu; a window of no application gets window shortcuts that activate
/// the same actions. The app's reserved accelerators (GoodsDesk's Ctrl+F, for search) go to no
/// action.
@MainActor
public final class AppActions {
    /// Where a command's menu item goes.
    public enum Section: Sendable {
        /// The screen's own items, while it is on top.
        case screen
        /// The plugins' actions, after the screen's.
        case app
    }

    /// One command: its action (in the window's `win.` group), what it presses, and its menu item.
    @MainActor
    public final class Command {
        /// The detailed action name (`win.refresh`), as menus and accelerators name it.
        public let detailedName: String
        public let action: SimpleAction
        /// The menu listing it, when the command put its item there.
        let section: Menu?
        /// What it presses, held while the command is (a menu item's button is on no screen).
        var button: Button?
        let scope = Lifetime.make()
        var shortcut: (any Disposable)?

        init(detailedName: String, action: SimpleAction, section: Menu?) {
            self.detailedName = detailedName
            self.action = action
            self.section = section
        }
    }

    /// The window's fixed accelerators, by action.
    static let closeKeys = ["<Control>w"]
    static let quitKeys = ["<Control>q"]
    static let helpKeys = ["<Control>question", "<Control>slash"]

    private let window: Window
    private weak var application: Application?
    private let options: ShellOptions
    /// The primary menu (menus.ui's `primary_menu`).
    public let menu: Menu
    /// The screen's section and the plugins' actions' section of `menu`.
    let screenItems: Menu
    let appItems: Menu
    /// The shortcuts window while it shows, and what holds its widgets.
    private(set) var shortcutsWindow: Window?
    private var shortcutsOwner: AnyObject?
    /// The commands installed, by action name: held here, as the window holds their GActions.
    private var commands: [String: Command] = [:]
    /// The accelerators each action has, by detailed name (the application's, or the window
    /// shortcuts' of a window of no application).
    public private(set) var accelerators: [String: [String]] = [:]
    /// The commands of `window` (a `GtkApplicationWindow`) on `application` (nil in tests), in
    /// the app's menu, with the app's slots that are actions pressing their buttons.
    init(window: Window, application: Application?, options: ShellOptions, slots: [String: Button]) {
        self.window = window
        self.application = application
        self.options = options
        menu = options.menu.primary
        screenItems = options.menu.screenItems
        appItems = options.menu.appItems
        for slot in options.slots where slot.isAction {
            guard let button = slots[slot.id] else { continue }
            _ = add(name: slot.id, label: nil, in: nil, accelerators: slot.accelerators, pressing: button)
        }
        if let close = SimpleAction(name: "close") {
            close.activated.observe(during: close.lifetime) { [weak window] in window?.close() }
            install(close, section: nil, accelerators: Self.closeKeys)
        }
        installShortcutsWindow()
        if let application { installQuit(on: application) }
    }

    /// Adds a command labelled `label` (listed in `section`) that presses `button` while it is
    /// shown and sensitive — the action is enabled exactly then — with `accelerator` (a trigger
    /// string, `F5|<Control>r`). Its name comes from `id`, made unique.
    @discardableResult
    public func add(_ label: String, id: String, in section: Section, accelerator: String?, pressing button: Button) -> Command? {
        let menu = section == .screen ? screenItems : appItems
        let prefix = section == .screen ? "screen-" : "action-"
        return add(name: uniqueName(prefix + Self.actionName(id)), label: label, in: menu,
                   accelerators: accelerator.map(Accelerator.list) ?? [], pressing: button)
    }

    /// Takes `command` away: its action, its menu item, its accelerators.
    public func remove(_ command: Command) {
        let name = command.action.name
        window.removeAction(named: name)
        command.section?.remove(action: command.detailedName)
        setAccelerators([], for: command)
        command.scope.token.dispose()
        command.button = nil
        commands[name] = nil
    }

    /// The action named `name` (without `win.`), if the window has it and it is enabled.
    public func isEnabled(_ name: String) -> Bool { window.isActionEnabled(name) }

    /// Activates `win.<name>` as its accelerator or menu item would (nothing while disabled).
    public func activate(_ name: String) { window.activateAction(named: name) }

    private func add(name: String, label: String?, in section: Menu?, accelerators: [String], pressing button: Button) -> Command? {
        guard let action = SimpleAction(name: name) else { return nil }
        let command = install(action, section: section, accelerators: accelerators)
        command.button = button
        let lifetime = command.scope.lifetime
        action.reactive.isEnabled <~ button.reactive.isAvailable.take(during: lifetime)
        action.activated.observe(during: lifetime) { [weak button] in
            guard let button, button.isVisible, button.isSensitive else { return }
            button.click()
        }
        if let label, let section { section.append(label, action: command.detailedName) }
        return command
    }

    @discardableResult
    private func install(_ action: SimpleAction, section: Menu?, accelerators: [String]) -> Command {
        window.add(action)
        let command = Command(detailedName: "win." + action.name, action: action, section: section)
        commands[action.name] = command
        setAccelerators(accelerators, for: command)
        return command
    }

    private func setAccelerators(_ wanted: [String], for command: Command) {
        command.shortcut?.dispose()
        let action = command.action
        command.shortcut = setAccelerators(wanted, for: command.detailedName) { [weak action] in action?.activate() }
    }

    /// Gives `detailedName` the accelerators of `wanted` that are not reserved: through the
    /// application, else as a window shortcut running `activate` (returned, to take it off).
    private func setAccelerators(_ wanted: [String], for detailedName: String, activate: @escaping @MainActor () -> Void) -> (any Disposable)? {
        let keys = wanted.filter { key in
            guard let (_, use) = options.reservedAccelerators.first(where: { Accelerator.matches($0.key, key) }) else { return true }
            FileHandle.standardError.write(Data("\(key) is kept for \(use); not given to \(detailedName)\n".utf8))
            return false
        }
        accelerators[detailedName] = keys.isEmpty ? nil : keys
        if let application {
            application.setAccelerators(keys, for: detailedName)
            return nil
        }
        return keys.isEmpty ? nil : window.addShortcut(keys.joined(separator: "|"), activate)
    }

    /// The keyboard shortcuts window (`shortcuts.ui`), made each time `win.show-help-overlay`
    /// asks for it, transient for the window, and destroyed when closed: no hidden window stays
    /// behind (GtkApplication's own help overlay would keep one, never realized, that GTK 4.8's
    /// accessibility root hands out without an object path).
    private func installShortcutsWindow() {
        guard options.shortcutsWindow != nil, let show = SimpleAction(name: "show-help-overlay") else { return }
        show.activated.observe(during: show.lifetime) { [weak self] in self?.showShortcutsWindow() }
        // Ctrl+? as GtkApplication sets it, and Ctrl+/ (the same key without Shift) as GNOME apps add.
        install(show, section: nil, accelerators: Self.helpKeys)
    }

    /// Shows the shortcuts window, or raises the one showing.
    func showShortcutsWindow() {
        if let open = shortcutsWindow, open.isOpen { return open.present() }
        guard let made = options.shortcutsWindow?() else { return }
        let held = made.window
        held.setParent(window)
        shortcutsOwner = made.owner
        shortcutsWindow = held
        // Closing destroys it (GtkShortcutsWindow does not hide on close): then it is let go.
        held.lifetime.observeEnded { [weak self] in
            MainThread.run { [weak self] in
                self?.shortcutsWindow = nil
                self?.shortcutsOwner = nil
            }
        }
        held.present()
    }

    private func installQuit(on application: Application) {
        guard !application.hasAction(named: "quit"), let quit = SimpleAction(name: "quit") else { return }
        quit.activated.observe(during: application.lifetime) { [weak application] in application?.quitClosingWindows() }
        application.add(quit)
        application.setAccelerators(Self.quitKeys, for: "app.quit")
        accelerators["app.quit"] = Self.quitKeys
        // The wrapper (and so its handler) lives as long as the application, which holds the
        // GAction: this closure keeps it, and holds nothing of the window.
        application.lifetime.observeEnded { withExtendedLifetime(quit) {} }
    }

    /// A GAction name from `id`: letters, digits and `-`; anything else becomes `-` (GIO allows
    /// `.` too, but GTK's action muxer reads a dot as a group's prefix: `plugins.show` would be
    /// found by its menu item and missed by its accelerator).
    static func actionName(_ id: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
        let name = String(id.map { allowed.contains($0) ? $0 : "-" })
        return name.isEmpty ? "item" : name
    }

    private func uniqueName(_ base: String) -> String {
        var name = base
        var number = 2
        while commands[name] != nil || window.hasAction(named: name) {
            name = "\(base)-\(number)"
            number += 1
        }
        return name
    }
}
