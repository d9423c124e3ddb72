import Reactive

/// What a list binding does with its rows, at the four moments of GTK's list item factory.
///
/// `bind` and `placeholder` receive the row's scope: a lifetime that ends when the row is
/// unbound or torn down, before it shows anything else. Every binding made for an element takes
/// that scope as its lifetime, so nothing bound for one element reaches the next element the row
/// shows (seed pitfall 5, cell reuse).
public struct ListRowHooks<Row: ListRowView, Element: Sendable> {
    /// Builds a row, once per GTK list item.
    public var setup: @MainActor () -> Row
    /// Shows `element` in the row, with bindings that end with the scope.
    public var bind: @MainActor (_ row: Row, _ element: Element, _ scope: Lifetime) -> Void
    /// Shows the row's position while its element is not loaded (`element(at:)` was nil).
    public var placeholder: @MainActor (_ row: Row, _ scope: Lifetime) -> Void
    /// After the scope ended: lets go of what the row showed (textures, say).
    public var unbind: @MainActor (_ row: Row) -> Void
    /// The list item goes; the row is released afterwards.
    public var teardown: @MainActor (_ row: Row) -> Void

    public init(
        setup: @escaping @MainActor () -> Row,
        bind: @escaping @MainActor (_ row: Row, _ element: Element, _ scope: Lifetime) -> Void,
        placeholder: @escaping @MainActor (_ row: Row, _ scope: Lifetime) -> Void = { _, _ in },
        unbind: @escaping @MainActor (_ row: Row) -> Void = { _ in },
        teardown: @escaping @MainActor (_ row: Row) -> Void = { _ in }
    ) {
        self.setup = setup
        self.bind = bind
        self.placeholder = placeholder
        self.unbind = unbind
        self.teardown = teardown
    }
}
