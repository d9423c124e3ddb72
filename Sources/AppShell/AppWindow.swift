import Foundation
import GtkReactive
import PluginKit
import Reactive

/// The application window (`window.ui`, libadwaita): toasts (`AdwToastOverlay`) over a leaflet
/// of two panes with a header bar each — the navigation stack (`stack`, under `header`) and, for
/// a list that opens its items beside it, the detail pane (`detailStack`, under `detailHeader`,
/// with a status page until an item opens). At `splitWidth` and wider the panes stand side by
/// side; narrower, the leaflet folds and shows one at a time. It lays out and shows; the
/// navigator decides what (a screen's chrome, its page, which pane), and it never touches a view
/// model. Every widget is held by its layout for as long as the window object lives, so nothing
/// it does can reach a widget GTK has freed; once the window has closed, its lifetime has ended
/// and the chrome does nothing.
@MainActor
public final class AppWindow: AppChrome {
    /// The loaded `window.ui`: holds every widget of the window.
    let layout: WindowLayout
    public let window: Window
    public let back: Button
    /// The primary menu button (F10), showing `actions.menu`.
    public let menu: MenuButton
    /// What the app told the window about itself.
    public let options: ShellOptions
    /// The app's chrome slots' buttons, by id (`options.slots`); a slot that is only an action
    /// (the menu's 注销) has a button on no screen, which its action presses.
    public let slots: [String: Button]
    /// The window's commands: actions, accelerators and the primary menu's items.
    public let actions: AppActions
    /// Declared header buttons without a slot, at the start (after back) and at the end.
    let headerStart: Box
    let headerEnd: Box
    /// The main pane's header bar and its title.
    let header: HeaderBar
    let titleLabel: Label
    /// The navigation stack: every screen's page, but those shown in the detail pane.
    let stack: Stack
    /// The main pane (header and stack) and the detail pane, the leaflet's pages.
    let mainPane: Box
    let detailPane: Box
    let separator: Widget
    let leaflet: Leaflet
    /// The detail pane's header: its title and declared buttons; `back` moves between the
    /// two panes' back slots (one back button, the top screen's).
    let detailHeader: HeaderBar
    let detailTitle: Label
    let backSlot: Box
    let detailBackSlot: Box
    let detailStart: Box
    let detailEnd: Box
    /// The detail pane's pages: `placeholder` until a screen opens there.
    let detailStack: Stack
    let placeholder: StatusPage
    let toasts: ToastOverlay
    /// Watches the content's width for the breakpoint.
    let widthWatch: DrawingArea
    /// The app's menu items (menu actions), which stay after every screen's items: what their
    /// actions press.
    private(set) var appMenuItems: [Button] = []
    /// The busy state the screen on top declares (`ScreenChrome.isBusy`), bound by its chrome.
    let screenBusy = MutableProperty(false)
    /// The text of the last toast.
    private var lastToast = ""
    /// Whether the window is wide enough for two panes (`splitWidth` and more): now, then each change.
    let isWide = MutableProperty(false)

    /// The width from which a list and the item it opened stand side by side.
    public nonisolated static let splitWidth = 860

    /// The slot `id`'s button (a screen's item with that id uses it); nil for no such slot.
    public func slot(_ id: String) -> Button? { slots[id] }

    /// Ends when the window closes (its close button, `destroy()`), or when this is released.
    public var lifetime: Lifetime { window.lifetime }

    /// Whether the window is still open: false once it has closed.
    public var isOpen: Bool { !window.isDestroyed }

    /// A window for `application` (without one, in tests, a window of no application), with the
    /// app's menu, slots and words.
    public init(application: Application?, options: ShellOptions) {
        // The layout names Adw widgets: libadwaita must have started (an application has).
        AdwaitaStyle.start()
        self.options = options
        layout = WindowLayout()
        window = Window(toplevel: layout.window.pointer)
        window.setApplication(application?.pointer)
        back = layout.back
        back.setAccessibleLabel(options.texts.back)
        menu = layout.menu
        menu.setAccessibleLabel(options.texts.menu)
        var slots: [String: Button] = [:]
        for slot in options.slots {
            let button = slot.label.map { Button(label: $0) } ?? Button(iconName: slot.icon ?? "image-missing-symbolic")
            button.setAccessibleLabel(slot.accessibleName)
            button.isVisible = false
            if slot.isOnScreen { layout.slotsEnd.append(button) }
            slots[slot.id] = button
        }
        self.slots = slots
        actions = AppActions(window: window, application: application, options: options, slots: slots)
        menu.isPrimary = true
        menu.setMenu(actions.menu)
        headerStart = layout.headerStart
        headerEnd = layout.headerEnd
        header = layout.header
        titleLabel = layout.title
        stack = layout.stack
        mainPane = layout.mainPane
        detailPane = layout.detailPane
        separator = layout.paneSeparator
        leaflet = layout.leaflet
        detailHeader = layout.detailHeader
        detailTitle = layout.detailTitle
        backSlot = layout.backSlot
        detailBackSlot = layout.detailBackSlot
        detailStart = layout.detailStart
        detailEnd = layout.detailEnd
        detailStack = layout.detailStack
        placeholder = layout.placeholder
        toasts = layout.toasts
        widthWatch = layout.widthWatch
        // The breakpoint: the leaflet may unfold from splitWidth on. The width comes during a
        // layout; the leaflet changes after it.
        let splitWidth = Self.splitWidth
        widthWatch.reactive.width.map { $0 >= splitWidth }.skipRepeats()
            .observe(on: MainLoopScheduler.shared)
            .startObserving(during: window.lifetime) { [weak self] wide in self?.setWide(wide) }
        setSplit(false)
    }

    /// Lets the leaflet unfold (`wide`) or keeps it folded.
    func setWide(_ wide: Bool) {
        guard isOpen else { return }
        leaflet.canUnfold = wide
        isWide.value = wide
        updateTitleButtons()
    }

    /// Whether the detail pane is part of the layout (a list that opens items beside it is on
    /// the stack): shown beside the main pane when wide, reachable by folding when narrow.
    func setSplit(_ split: Bool) {
        guard isOpen else { return }
        detailPane.isVisible = split
        separator.isVisible = split
        // Alone, the main pane takes the whole width; beside the detail, the detail takes what is left.
        mainPane.expandsHorizontally = !split
        updateTitleButtons()
    }

    /// Whether one pane shows at a time: narrower than `splitWidth` (or too narrow for both).
    var isFolded: Bool { !isWide.value || leaflet.isFolded }

    /// Puts the back button in the detail pane's header (`inDetail`) or the main pane's.
    func placeBack(inDetail: Bool) {
        let target = inDetail ? detailBackSlot : backSlot
        guard !target.contains(back) else { return }
        (inDetail ? backSlot : detailBackSlot).remove(back)
        target.append(back)
    }

    /// The window's own buttons (close…) go on the outer header bars only, and only on the
    /// header that shows: a folded-away pane's header shows none (so there is one close button).
    func updateTitleButtons() {
        guard detailPane.isVisible else {
            header.showsStartTitleButtons = true
            header.showsEndTitleButtons = true
            return
        }
        if isFolded {
            let detailShows = leaflet.isVisibleChild(detailPane)
            header.showsStartTitleButtons = !detailShows
            header.showsEndTitleButtons = !detailShows
            detailHeader.showsStartTitleButtons = detailShows
            detailHeader.showsEndTitleButtons = detailShows
        } else {
            header.showsStartTitleButtons = true
            header.showsEndTitleButtons = false
            detailHeader.showsStartTitleButtons = false
            detailHeader.showsEndTitleButtons = true
        }
    }

    /// Shows `message` as a toast (libadwaita's: queued after the ones before it, five seconds
    /// each, or time to read a longer message, at most ten).
    public func showToast(_ message: String) {
        guard isOpen else { return }
        lastToast = message
        toasts.add(Toast(message, timeout: Self.toastSeconds(of: message)))
    }

    /// How long a toast stays, in seconds: GNOME's five, and time to read a longer message (a
    /// read-only store's reason), at most ten.
    static func toastSeconds(of message: String) -> Int {
        min(10, 5 + max(0, message.count - 24) / 10)
    }

    /// How long a toast stays (before libadwaita's toasts: `toastSeconds`).
    static func toastDuration(of message: String) -> Duration { .seconds(toastSeconds(of: message)) }

    /// Shows `page` on the navigation stack (adding it under `name` if it is new), sliding
    /// forward or back.
    public func show(page: Widget, named name: String, forward: Bool = true) {
        guard isOpen else { return }
        if detailStack.contains(page) { detailStack.remove(page) }
        if !stack.contains(page) { stack.add(page, named: name) }
        stack.transition = forward ? .slideLeft : .slideRight
        stack.showChild(page)
    }

    /// Shows `page` in the detail pane (adding it under `name` if it is new).
    func showDetail(page: Widget, named name: String) {
        guard isOpen else { return }
        if stack.contains(page) { stack.remove(page) }
        if !detailStack.contains(page) { detailStack.add(page, named: name) }
        detailStack.showChild(page)
    }

    /// Shows the detail pane's placeholder (nothing is open beside the list).
    func showPlaceholder() {
        guard isOpen else { return }
        detailStack.showChild(placeholder)
    }

    /// Takes `page` off the navigation stack (or the detail pane).
    public func remove(page: Widget) {
        if stack.contains(page) { stack.remove(page) }
        if detailStack.contains(page) { detailStack.remove(page) }
    }

    public func present() {
        guard isOpen else { return }
        window.present()
    }

    /// Whether the screen on top says it is busy (`ScreenChrome.isBusy`). Nothing blocks the
    /// window: each screen shows its busy state its own way.
    public var isBusy: Bool { screenBusy.value }

    /// The text of the last toast shown.
    public var toastText: String { lastToast }

    /// Destroys the window (as its close button does).
    public func destroy() {
        guard isOpen else { return }
        window.destroy()
    }

    /// Adds an item to the primary menu's section of the app's actions, after every other, with
    /// `accelerator` (a GTK trigger string, `F5|<Control>r`); returns what its action presses: a
    /// button (on no screen) whose "clicked" the caller connects. Clicking it runs the item too.
    public func addMenuItem(_ title: String, accelerator: String? = nil) -> Widget {
        addMenuItem(title, id: title, accelerator: accelerator)
    }

    /// `addMenuItem(_:accelerator:)` for an item with an id of its own (an `AppAction`'s), which
    /// names its action (`win.action-<id>`).
    @discardableResult
    public func addMenuItem(_ title: String, id: String, accelerator: String? = nil) -> Button {
        let item = makeMenuItem(title)
        appMenuItems.append(item)
        actions.add(title, id: id, in: .app, accelerator: accelerator, pressing: item)
        return item
    }

    /// What a menu item's action presses: a button on no screen, labelled and named `title`,
    /// whose sensitivity the action follows.
    func makeMenuItem(_ title: String) -> Button {
        let item = Button(label: title)
        item.setAccessibleLabel(title)
        return item
    }

    /// A header button for a declared item without a slot: its label, else its icon.
    func makeHeaderButton(label: String?, icon: String?) -> Button {
        if let label { return Button(label: label) }
        return Button(iconName: icon ?? "image-missing-symbolic")
    }

    /// Closes the primary menu (choosing an item closes it by itself).
    public func closeMenu() {
        guard isOpen else { return }
        menu.popdown()
    }

    // MARK: AppChrome

    public var windowWidget: Widget { window }
    public var isActive: SignalProducer<Bool, Never> { window.reactive.isActive }
    /// Opens a web link in the user's browser: `http`/`https` only (`WebAddressPolicy`); anything
    /// else (`file:`, `javascript:`, custom schemes) is ignored with a line on standard error.
    public func open(uri: String) {
        guard isOpen else { return }
        guard WebAddressPolicy.openableLink(uri) != nil else {
            FileHandle.standardError.write(Data("link \"\(uri)\" ignored: only http and https links are opened\n".utf8))
            return
        }
        WebLink.open(uri, over: window)
    }
}
