import GoodsViewModels
import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// Binds the comments page (商品N的评论列表) to its view model: the comments as rows named by
/// their author and text, the status page when there are none, the entry both ways and 发送
/// (Enter sends too). Titled by the view model.
@MainActor
public final class CommentsController: ScreenController<CommentsViewModel, CommentsViewManager> {
    /// The entry, for keyboard focus and for tests.
    public var entryWidget: Widget { view.entry }

    public override func bind() {
        let pictures = context.pictures
        view.list.reactive.items(model.itemChanges, rows: ListRowHooks(
            setup: { CommentRowView() },
            bind: { row, comment, scope in Self.bind(comment, to: row, pictures: pictures, during: scope) },
            placeholder: { row, _ in
                row.root.setAccessibleLabel("")
                row.root.setListItemAccessibleLabel("")
                row.text.text = ""
            },
            unbind: { row in row.avatar.clearPicture() }))
        model.isNearEnd <~ view.scroller.reactive.isNearEnd().take(during: lifetime)
        view.footer.reactive.text <~ model.footerText
        view.footer.reactive.isVisible <~ model.footerText.map { !$0.isEmpty }
        view.emptyStatus.reactive.isVisible <~ model.isEmpty
        view.scroller.reactive.isVisible <~ model.isEmpty.map { !$0 }
        view.entry.reactive.text <~> model.draft
        view.send.reactive.pressed = CocoaAction(model.send)
        view.entry.reactive.activated.observe(with: self) { $0.model.sendDraft() }
    }

    /// Busy while a comment is sent.
    public override var chrome: ScreenChrome { ScreenChrome(isBusy: model.send.isExecuting) }

    /// Shows `comment` in `row` until `scope` ends.
    static func bind(_ comment: CommentItemViewModel, to row: CommentRowView, pictures: PictureLocator, during scope: Lifetime) {
        row.root.setAccessibleLabel(comment.accessibleName)
        row.root.setListItemAccessibleLabel(comment.accessibleName)
        row.root.setAccessibleDescription(comment.time)
        let avatar = row.avatar.within(scope)
        avatar.reactive.text <~ SignalProducer(value: comment.author)
        avatar.reactive.picture(loader: pictures.loader) <~ SignalProducer(value: pictures.source(for: comment.avatar))
        row.author.text = comment.author
        row.time.text = comment.time
        row.text.text = comment.text
    }

    /// The first page loads (also in a window that is not active); the entry takes the focus.
    public override func didShow() {
        model.loadFirstPageIfNeeded()
        _ = view.entry.grabFocus()
    }
}
