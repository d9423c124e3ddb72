/// What a list view shows: a number of rows and, for each position, its element. A view keeps
/// no copy of the list: it asks the content for the element at a row's position when it binds
/// the row, so the list's state lives once, in the view model.
public protocol ListContent<Element>: Sendable {
    associatedtype Element: Sendable
    /// The number of rows.
    var count: Int { get }
    /// The element at `position`; nil when it is not loaded (a windowed list), and then the row
    /// shows a placeholder until a `.reload` of its position. Also nil outside `0..<count`.
    func element(at position: Int) -> Element?
}

extension ItemList: ListContent {
    public func element(at position: Int) -> Element? {
        indices.contains(position) ? self[position] : nil
    }
}

extension CountedTree: ListContent {}
