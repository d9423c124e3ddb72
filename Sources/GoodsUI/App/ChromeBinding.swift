import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// One screen's chrome bound onto the window while the screen is on top: the title, the
/// declared items (the window's slot widget for an id it has a slot for, else a new button in
/// the header or the menu), their shortcuts, the HUD and the back button. `unbind()` undoes all
/// of it: the items' bindings end, slots hide, made buttons go, shortcuts are removed.
@MainActor
final class ChromeBinding {
    private let window: AppWindow
    private let scope = Lifetime.make()
    /// The window's slot widgets the chrome uses.
    private var slots: [Button] = []
    /// Buttons made for the chrome, with the box they were put in.
    private var made: [(button: Button, box: Box)] = []
    private var shortcuts: [any Disposable] = []
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
        var menuAnchor: Widget = window.logout
        for item in chrome.items {
            let widget: Button
            if let slot = window.slots[item.id] {
                widget = slot
                slots.append(slot)
            } else {
                switch item.place {
                case .menu:
                    widget = window.makeMenuItem(item.label ?? item.accessibleName ?? item.id)
                    window.menuItems.insert(widget, after: menuAnchor)
                    menuAnchor = widget
                    made.append((widget, window.menuItems))
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
        if let accelerator = item.accelerator {
            shortcuts.append(window.window.addShortcut(accelerator, clicking: button))
        }
    }

    /// Takes the chrome off the window (the title stays until the next screen's).
    func unbind() {
        guard isBound else { return }
        isBound = false
        shortcuts.forEach { $0.dispose() }
        shortcuts = []
        for slot in slots {
            // Enabled and not busy again, for the next screen that declares it.
            slot.reactive.pressed = nil
            slot.isVisible = false
        }
        slots = []
        scope.token.dispose()
        for (button, box) in made {
            if box.contains(button) { box.remove(button) }
            if box !== window.menuItems, box.childCount == 0 { box.isVisible = false }
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
