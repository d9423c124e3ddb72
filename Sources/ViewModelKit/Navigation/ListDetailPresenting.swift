/// A view model whose screen is a list of things, each opened in a screen of its own (an
/// item's detail page): on a window wide enough, the screens it opens (`.open(…, .push)`)
/// stand beside it, the list staying in view, and opening another replaces
/// the one beside it; on a narrow window they are pushed as usual. Until one opens, the space
/// beside it shows `detailPlaceholder`.
///
/// The view model says only that its screen is such a list, and what to say while nothing is
/// open; the window decides whether there is room (an app's own breakpoint, such as 860 px).
@MainActor
public protocol ListDetailPresenting: AnyObject {
    /// What the empty space beside the list says (title, description), in the user's language.
    var detailPlaceholder: DetailPlaceholder { get }
}

/// What the space beside a list shows while nothing is open there.
public struct DetailPlaceholder: Sendable, Equatable {
    /// The large title: "Select an item".
    public var title: String
    /// A line under it; empty for none.
    public var description: String

    public init(title: String, description: String = "") {
        self.title = title
        self.description = description
    }
}
