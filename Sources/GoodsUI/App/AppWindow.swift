import CGtk
import Foundation
import GtkReactive
import GtkShim
import PluginKit
import Reactive

/// The application window: header bar, navigation stack, toast and the "Loading..." HUD.
/// Controllers show their pages through it; it never touches a view model. Every widget it
/// touches is held (a `Widget`), so nothing it does can reach a widget GTK has freed; once the
/// window has closed, its lifetime has ended and the chrome does nothing.
@MainActor
public final class AppWindow: AppChrome {
    let widgets: UnsafeMutablePointer<GoodsWindowWidgets>
    public let window: Widget
    public let back: Widget
    public let fill: Widget
    public let refresh: Widget
    public let menu: Widget
    public let logout: Widget
    let toast: Widget
    let toastLabel: Widget
    let hud: Widget
    /// The navigation stack, which the HUD makes insensitive.
    let stack: Widget
    private let toastTimer = SerialDisposable()

    /// Ends when the window closes (its close button, `destroy()`), or when this is released.
    public var lifetime: Lifetime { window.lifetime }

    /// Whether the window is still open: false once it has closed.
    public var isOpen: Bool { !window.isDestroyed }

    /// A window for `application`; without one (tests), a plain window.
    public init(application: UnsafeMutablePointer<GtkApplication>?) {
        widgets = .allocate(capacity: 1)
        widgets.initialize(to: goods_window_new(application))
        let built = widgets.pointee
        window = Widget(toplevel: built.window)
        back = Widget(built.back)
        fill = Widget(built.fill)
        refresh = Widget(built.refresh)
        menu = Widget(built.menu)
        logout = Widget(built.logout)
        toast = Widget(built.toast)
        toastLabel = Widget(built.toast_label)
        hud = Widget(built.hud)
        stack = Widget(built.stack)
        window.lifetime += toastTimer
        goods_window_add_shortcut(built.window, "F5|<Control>r", built.refresh)
    }

    isolated deinit {
        toastTimer.dispose()
        widgets.deinitialize(count: 1)
        widgets.deallocate()
    }

    /// Shows `message` in the toast, for as long as it takes to read (`toastDuration`).
    public func showToast(_ message: String) {
        guard isOpen else { return }
        gtk_label_set_text(goods_label(toastLabel.raw), message)
        gtk_revealer_set_reveal_child(OpaquePointer(toast.raw), 1)
        let toast = WidgetPointer(self.toast.pointer)
        toastTimer.inner = MainLoopScheduler.shared.schedule(after: Self.toastDuration(of: message)) {
            MainActor.assumeIsolated { gtk_revealer_set_reveal_child(OpaquePointer(toast.pointer), 0) }
        }
    }

    /// How long a toast stays: two seconds, and time to read a longer message (a read-only
    /// store's reason), at most ten.
    static func toastDuration(of message: String) -> Duration {
        .milliseconds(min(10_000, 2_000 + max(0, message.count - 12) * 120))
    }

    /// Shows or hides the blocking "Loading..." HUD; while shown the pages take no input.
    public func setBusy(_ busy: Bool) {
        guard isOpen else { return }
        gtk_widget_set_visible(hud.pointer, busy ? 1 : 0)
        gtk_widget_set_sensitive(stack.pointer, busy ? 0 : 1)
    }

    /// Shows `page` on the navigation stack.
    public func show(page: Widget, named name: String, forward: Bool = true) {
        guard isOpen else { return }
        goods_window_show_page(widgets, page.pointer, name, forward ? 1 : 0)
    }

    /// Takes `page` off the navigation stack.
    public func remove(page: Widget) {
        goods_window_remove_page(widgets, page.pointer)
    }

    public func present() {
        guard isOpen else { return }
        gtk_window_present(goods_window(window.raw))
    }

    /// Whether the "Loading..." HUD is showing.
    public var isBusy: Bool { gtk_widget_get_visible(hud.pointer) != 0 }

    /// The text the toast shows (or showed last).
    public var toastText: String { String(cString: gtk_label_get_text(goods_label(toastLabel.raw))) }

    /// Destroys the window (as its close button does).
    public func destroy() {
        guard isOpen else { return }
        gtk_window_destroy(goods_window(window.raw))
    }

    /// Adds an item to the header menu, and `accelerator` (a GTK trigger string) as a window
    /// shortcut that activates it; returns the item, whose "clicked" the caller connects.
    public func addMenuItem(_ title: String, accelerator: String? = nil) -> Widget {
        let item = Widget(goods_window_add_menu_item(widgets, title))
        if let accelerator { goods_window_add_shortcut(window.pointer, accelerator, item.pointer) }
        return item
    }

    /// Closes the header menu's popover.
    public func closeMenu() {
        guard isOpen else { return }
        gtk_menu_button_popdown(OpaquePointer(menu.raw))
    }

    // MARK: AppChrome

    public var fillButton: Widget { fill }
    public var refreshButton: Widget { refresh }
    public var logoutItem: Widget { logout }
    public var windowWidget: Widget { window }
    public var isActive: SignalProducer<Bool, Never> { window.windowIsActive(during: lifetime) }
    /// Opens a web link in the user's browser: `http`/`https` only (`WebAddressPolicy`); anything
    /// else (`file:`, `javascript:`, custom schemes) is ignored with a line on standard error.
    public func open(uri: String) {
        guard isOpen else { return }
        guard WebAddressPolicy.openableLink(uri) != nil else {
            FileHandle.standardError.write(Data("GoodsDesk: link \"\(uri)\" ignored: only http and https links are opened\n".utf8))
            return
        }
        goods_open_uri(window.pointer, uri)
    }
}
