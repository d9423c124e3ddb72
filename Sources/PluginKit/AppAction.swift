/// A menu item a plugin adds to the window's primary menu, with an optional keyboard shortcut.
public struct AppAction: Sendable {
    /// Unique (`plugins.show`).
    public let id: String
    /// The menu item's label.
    public let title: String
    /// A GTK trigger string (`<Control>p`, `F1`, several joined by `|`), or nil for none.
    public let accelerator: String?
    /// Runs on the main thread when the item is chosen or the shortcut pressed, given the window's
    /// context: its `navigator` opens the action's own screen (`{ $0.navigator.open(route) }`).
    public let perform: @MainActor @Sendable (ScreenContext) -> Void

    public init(
        id: String, title: String, accelerator: String? = nil,
        perform: @escaping @MainActor @Sendable (ScreenContext) -> Void
    ) {
        self.id = id
        self.title = title
        self.accelerator = accelerator
        self.perform = perform
    }
}
