import GtkReactive
import Reactive

/// The comments page's widgets, from `comments.ui`: the comments or a status page in their
/// place, the footer, and the entry with 发送 under them. Owns widgets only.
@MainActor
public final class CommentsViewManager: ScreenView {
    let layout: CommentsLayout
    public let page: Box
    /// In the comments' place when there are none.
    let emptyStatus: StatusPage
    let scroller: ScrolledWindow
    let list: ListView
    let footer: Label
    /// The comment being written.
    let entry: Entry
    /// 发送.
    let send: Button

    /// Ends when the view manager is released.
    public var lifetime: Lifetime { layout.lifetime }

    public init() {
        let layout = CommentsLayout()
        self.layout = layout
        page = layout.page
        emptyStatus = layout.emptyStatus
        scroller = layout.scroller
        list = layout.list
        footer = layout.footer
        entry = layout.entry
        send = layout.send
    }
}
