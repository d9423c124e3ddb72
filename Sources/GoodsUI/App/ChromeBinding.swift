import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// One screen's chrome bound onto the window while the screen is on top: the title, the
/// declared items (the window's slot widget for an id it has a slot for, else a new button in
/// the header, or an action with an item in the primary menu), their shortcuts, the HUD and the
/// back button. `unbind()` undoes all of it: the items' bindings end, slots hide, made buttons
/// and menu items go, shortcuts and accelerators are removed.
@MainActor
final class ChromeBinding {
    private let window: AppWindow
    private let scope = Lifetime.make()
    /// The window's slot widgets the chrome uses.
    private var slots: [Button] = []
    /// Buttons made for the chrome, with the box they were put in.
    private var made: [(button: Button, box: Box)] = []
    private var shortcuts: [any Disposable] = []
    /// The actions (and menu items) of the chrome's menu items.
    private var commands: [AppActions.Command] = []
    private var isBound = true

    /// Binds `chrome` (of a screen showing `viewModel`) onto `window`; `canGoBack` says whether
    /// a screen lies below.
    init(_ chrome: ScreenChrome, of viewModel: ViewModel, on window: AppWindow, canGoBack: Bool) {
        self.window = window
        let lifetime = scope.lifetime
        Window(window.window.pointer, scope: lifetime).reactive.title <~ (chrome.title ?? Property(viewModel.title))
        window.back.isVisible = canGoBack && chrome.showsBack
        // The HUD's one owner: the screen on top's busy state (and the old setBusy's).
        let busy = chrome.isBusy.or(window.requestedBusy)
        Box(window.hud.pointer, scope: lifetime).reactive.isVisible <~ busy
        Stack(window.stack.pointer, scope: lifetime).reactive.isSensitive <~ busy.negate()
        for item in chrome.items {
            let widget: Button
            if let slot = window.slots[item.id] {
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
                    let box = item.place == .headerStart ? window.headerStart : window.headerEnd
                    box.append(widget)
                    box.isVisible = true
                    made.append((widget, box))
                }
            }
            bind(item, to: Button(widget.pointer, scope: lifetime))
        }
    }

    /// The slots the window's own actions press, with accelerators of their own.
    static let actionSlots: Set<String> = ["refresh", "logout"]

    private func bind(_ item: ChromeItem, to button: Button) {
        button.isVisible = true
        let lifetime = scope.lifetime
        if item.place == .menu {
            button.reactive.clicked.startObserving(during: lifetime) { [weak window] in window?.closeMenu() }
        }
        if let action = item.action {
            button.reactive.pressed = action
        } else if item.isBound {
            button.reactive.clicked.startObserving(during: lifetime) { item.perform(from: button) }
        }
        // A menu item's accelerator is its action's; so are the slots 刷新 and 注销's (the
        // window's win.refresh and win.logout).
        if let accelerator = item.accelerator, item.place != .menu, !Self.actionSlots.contains(item.id) {
            shortcuts.append(window.window.addShortcut(accelerator, clicking: button))
        }
    }

    /// Takes the chrome off the window (the title stays until the next screen's).
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
        window.back.isVisible = false
        // Until the next screen binds it, the HUD shows what the old setBusy asks for.
        window.requestedBusy.value = false
        window.hud.reactive.isVisible <~ window.requestedBusy
        window.stack.reactive.isSensitive <~ window.requestedBusy.negate()
    }

    isolated deinit { unbind() }
}
