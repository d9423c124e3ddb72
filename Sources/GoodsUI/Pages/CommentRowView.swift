import GtkReactive

/// One comment's widgets, from `comment-row.ui`: made once per GTK list item and shown for one
/// comment after another (bound by `CommentsController`).
@MainActor
public final class CommentRowView: ListRowView {
    public let layout: CommentRowLayout
    /// The row's top widget; its accessible name is the author and the text.
    public let root: Widget
    /// The author's picture, their initials meanwhile (decoration).
    public let avatar: Avatar
    public let author: Label
    public let time: Label
    public let text: Label

    public init() {
        let layout = CommentRowLayout()
        self.layout = layout
        root = layout.root
        avatar = layout.avatar
        author = layout.author
        time = layout.time
        text = layout.text
    }
}
