import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// A header bar a screen's chrome goes on: the main pane's (with the window's slot widgets) or
/// the detail pane's (none: every item gets a button of its own).
@MainActor
struct ChromeHeader {
    let title: Label
    let back: Button
    let start: Box
    let end: Box
    let slots: [String: Button]
}

extension AppWindow {
    /// The main pane's header bar: back, the declared buttons, the slots, the menu.
    var mainHeader: ChromeHeader {
        ChromeHeader(title: titleLabel, back: back, start: headerStart, end: headerEnd, slots: slots)
    }

    /// The detail pane's header bar.
    var detailHeaderBar: ChromeHeader {
        ChromeHeader(title: detailTitle, back: back, start: detailStart, end: detailEnd, slots: [:])
    }
}

/// One screen's chrome bound onto a header bar of the window while the screen shows there: the
/// title, the declared items (the window's slot widget for an id it has a slot for, else a new
/// button in the header, or an action with an item in the primary menu), their shortcuts and
/// the back button; for the screen on top (`ownsWindow`) also the window's title and busy state
/// (`AppWindow.isBusy`). `unbind()` undoes all of it: the items' bindings end, slots hide, made buttons and menu items go,
/// shortcuts and accelerators are removed.
@MainActor
final class ChromeBinding {
    private let window: AppWindow
    private let header: ChromeHeader
    private let ownsWindow: Bool
    private let scope = Lifetime.make()
    /// The window's slot widgets the chrome uses.
    private var slots: [Button] = []
    /// Buttons made for the chrome, with the box they were put in.
    private var made: [(button: Button, box: Box)] = []
    /// The screens' own widgets put in the header, with their box.
    private var placed: [(widget: Widget, box: Box)] = []
    private var shortcuts: [any Disposable] = []
    /// The actions (and menu items) of the chrome's menu items.
    private var commands: [AppActions.Command] = []
    private var isBound = true

    /// Binds `chrome` (of a screen showing `viewModel`) onto `window`'s main header, owning the
    /// window's title and busy state; `canGoBack` says whether a screen lies below.
    convenience init(_ chrome: ScreenChrome, of viewModel: ViewModel, on window: AppWindow, canGoBack: Bool) {
        self.init(chrome, of: viewModel, on: window, header: window.mainHeader, canGoBack: canGoBack, ownsWindow: true)
    }

    /// Binds `chrome` onto `header`; `canGoBack` shows its back button (if the chrome shows one),
    /// `ownsWindow` binds the window's title and busy state too.
    init(
        _ chrome: ScreenChrome, of viewModel: ViewModel, on window: AppWindow, header: ChromeHeader,
        canGoBack: Bool, ownsWindow: Bool
    ) {
        self.window = window
        self.header = header
        self.ownsWindow = ownsWindow
        let lifetime = scope.lifetime
        let title = chrome.title ?? Property(viewModel.title)
        Label(header.title.pointer, scope: lifetime).reactive.text <~ title
        if ownsWindow {
            Window(window.window.pointer, scope: lifetime).reactive.title <~ title
            // What AppWindow.isBusy reports; nothing blocks the window.
            chrome.isBusy.producer.startObserving(during: lifetime) { [weak window] busy in window?.screenBusy.value = busy }
        }
        // One back button: the top screen's.
        if ownsWindow { header.back.isVisible = canGoBack && chrome.showsBack }
        for item in chrome.items {
            if let own = item.widget {
                place(own, of: item)
                continue
            }
            let widget: Button
            if let slot = header.slots[item.id] {
                widget = slot
                slots.append(slot)
            } else {
                switch item.place {
                case .menu:
                    // The menu's item activates an action that presses this button (on no
                    // screen), enabled while the button is: the item's binding below.
                    let title = item.label ?? item.accessibleName ?? item.id
                    widget = window.makeMenuItem(title)
                    if let command = window.actions.add(title, id: item.id, in: .screen, accelerator: item.accelerator, pressing: widget) {
                        commands.append(command)
                    }
                case .headerStart, .headerEnd:
                    widget = window.makeHeaderButton(label: item.label, icon: item.icon)
                    if let name = item.accessibleName ?? item.label { widget.setAccessibleLabel(name) }
                    let box = item.place == .headerStart ? header.start : header.end
                    box.append(widget)
                    box.isVisible = true
                    made.append((widget, box))
                }
            }
            bind(item, to: Button(widget.pointer, scope: lifetime))
        }
    }

    /// Puts a screen's own widget (a search entry) in the header, its accelerator focusing it.
    private func place(_ widget: Widget, of item: ChromeItem) {
        let box = item.place == .headerStart ? header.start : header.end
        if let name = item.accessibleName { widget.setAccessibleLabel(name) }
        box.append(widget)
        box.isVisible = true
        widget.isVisible = true
        placed.append((widget, box))
        if let accelerator = item.accelerator {
            shortcuts.append(window.window.addShortcut(accelerator) { [weak widget] in _ = widget?.grabFocus() })
        }
    }

    /// The app's slots that are the window's actions, with accelerators of their own.
    private var actionSlots: Set<String> { Set(window.options.slots.filter(\.isAction).map(\.id)) }

    private func bind(_ item: ChromeItem, to button: Button) {
        button.isVisible = true
        let lifetime = scope.lifetime
        if item.place == .menu {
            button.reactive.clicked.startObserving(during: lifetime) { [weak window] in window?.closeMenu() }
        }
        if let action = item.action {
            button.reactive.pressed = action
        } else {
            button.reactive.clicked.startObserving(during: lifetime) { item.perform(from: button) }
        }
        // A menu item's accelerator is its action's; so is an action slot's (GoodsDesk's 刷新 and 注销: the
        // window's win.refresh and win.logout).
        if let accelerator = item.accelerator, item.place != .menu, !actionSlots.contains(item.id) {
            shortcuts.append(window.window.addShortcut(accelerator, clicking: button))
        }
    }

    /// Takes the chrome off the window (the titles stay until the next screen's).
    func unbind() {
        guard isBound else { return }
        isBound = false
        shortcuts.forEach { $0.dispose() }
        shortcuts = []
        commands.forEach { window.actions.remove($0) }
        commands = []
        for slot in slots {
            // Enabled and not busy again, for the next screen that declares it.
            slot.reactive.pressed = nil
            slot.isVisible = false
        }
        slots = []
        scope.token.dispose()
        for (button, box) in made {
            if box.contains(button) { box.remove(button) }
            if box.childCount == 0 { box.isVisible = false }
        }
        made = []
        for (widget, box) in placed {
            if box.contains(widget) { box.remove(widget) }
            if box.childCount == 0 { box.isVisible = false }
        }
        placed = []
        if ownsWindow {
            header.back.isVisible = false
            window.screenBusy.value = false
        }
    }

    isolated deinit { unbind() }
}
