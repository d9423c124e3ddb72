import CGtk
import Reactive

extension Window {
    /// Runs `activate` whenever one of `triggers` (a GTK trigger string: `F5|<Control>r`,
    /// `<Control><Shift>p`) is pressed anywhere in the window, until the result is disposed.
    /// For shortcuts that come and go (a screen's own), dispose it when they go.
    @discardableResult
    public func addShortcut(_ triggers: String, _ activate: @escaping @MainActor () -> Void) -> any Disposable {
        KeyShortcut(on: pointer, triggers: triggers, global: true) {
            activate()
            return true
        }
    }

    /// Clicks `button` whenever one of `triggers` is pressed in the window, but only while the
    /// button is shown and takes input (a hidden or disabled button's shortcut does nothing),
    /// until the result is disposed. It clicks at once, without the press animation.
    @discardableResult
    public func addShortcut(_ triggers: String, clicking button: Button) -> any Disposable {
        addShortcut(triggers) {
            guard button.isVisible, gtk_widget_is_sensitive(button.pointer) != 0 else { return }
            button.click()
        }
    }
}
