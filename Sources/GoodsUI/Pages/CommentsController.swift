import GoodsViewModels
import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// Binds the comments page (商品N的评论列表) to its view model: the comments as rows named by
/// their author and text, the status page when there are none, the entry both ways and 发送
/// (Enter sends too). Titled by the view model.
@MainActor
public final class CommentsController: Controller {
    public let viewModel: ViewModel
    public let comments: CommentsViewModel
    let view: CommentsViewManager

    public var page: Widget { view.page }
    /// The entry, for keyboard focus and for tests.
    public var entryWidget: Widget { view.entry }
    public let chrome: ScreenChrome

    public init(viewModel: CommentsViewModel, context: ScreenContext) {
        let pictures = context.pictures
        comments = viewModel
        self.viewModel = viewModel
        view = CommentsViewManager()
        let lifetime = view.lifetime

        view.list.reactive.items(viewModel.itemUpdates, rows: ListRowHooks(
            setup: { CommentRowView() },
            bind: { row, comment, scope in Self.bind(comment, to: row, pictures: pictures, during: scope) },
            placeholder: { row, _ in
                row.root.setAccessibleLabel("")
                row.root.setListItemAccessibleLabel("")
                row.text.text = ""
            },
            unbind: { row in row.avatar.clearPicture() }))
        viewModel.isNearEnd <~ view.scroller.reactive.isNearEnd().take(during: lifetime)
        view.footer.reactive.text <~ viewModel.footerText
        view.footer.reactive.isVisible <~ viewModel.footerText.map { !$0.isEmpty }
        view.emptyStatus.reactive.isVisible <~ viewModel.isEmpty
        view.scroller.reactive.isVisible <~ viewModel.isEmpty.map { !$0 }
        view.entry.reactive.text <~> viewModel.draft
        view.send.reactive.pressed = CocoaAction(viewModel.send)
        view.entry.reactive.activated.startObserving(during: lifetime) { [weak viewModel] in viewModel?.sendDraft() }
        chrome = ScreenChrome(isBusy: viewModel.send.isExecuting)
    }

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
    public func didShow() {
        comments.loadFirstPageIfNeeded()
        _ = view.entry.grabFocus()
    }
}
