import Foundation
import GoodsDomain
import Reactive
import ViewModelKit
import Localization

/// An item's comments, 商品N的评论列表 as the demo titles them: paged, newest first, and a draft
/// to send as a new comment. A comment sent is stored, shown at the top, and counted on the row
/// it came from (the row's `messageCount`, shared with this page).
@MainActor
public final class CommentsViewModel: PagedListViewModel<CommentItemViewModel> {
    /// The demo's title for item `goodsID`: `商品3001的评论列表`.
    public nonisolated static func title(for goodsID: Int) -> String { tr("商品{0}的评论列表", goodsID) }

    /// The row the page was opened from.
    public let item: GoodsItemViewModel
    /// The comment being written (the entry binds both ways).
    public let draft = MutableProperty("")
    /// Sends the draft (trimmed) as the logged-in user's comment: enabled while the draft is not
    /// blank and no send runs. On success the draft empties, the comments reload with it at the
    /// top and the row's count rises; a failure says why in a toast and keeps the draft.
    public let send: Action<Void, AddedComment, ServiceError>
    /// The row's message count, live.
    public var messageCount: Property<Int> { item.messageCount }
    /// Whether the page has loaded and there are no comments (its status page shows).
    public private(set) lazy var isEmpty: Property<Bool> = Property.combineLatest(items.map { $0.isEmpty }, lastPage)
        .map { isEmpty, lastPage in isEmpty && lastPage != nil }.skipRepeats()
    /// The footer's text, the goods list's (正在加载更多的数据... / 点击或上拉加载更多 / 已经到底了);
    /// nothing while there are no comments (the status page says so).
    public private(set) lazy var footerText: Property<String> = Property.combineLatest(footer, isEmpty)
        .map { footer, isEmpty in isEmpty ? "" : GoodsViewModel.footerText(footer) }.skipRepeats()
    /// Whether the view shows its last screen or so: the view binds it; near the end, with more
    /// pages, the next one loads.
    public let isNearEnd = MutableProperty(false)

    /// The comments of `item`, read and added through `comments`.
    /// - Parameters:
    ///   - clock: the current time, for the comments' times.
    public init(
        item: GoodsItemViewModel, comments: any CommentService, clock: @escaping @Sendable () -> Date = Date.init,
        timeZone: TimeZone = .current, perPage: Int = 20
    ) {
        self.item = item
        let goodsID = item.id
        let draft = self.draft
        send = Action(enabledIf: draft.map { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) { _ in
            comments.addComment(draft.value, to: goodsID)
        }
        super.init(title: Self.title(for: goodsID), perPage: perPage) { page, size in
            let publishTime = PublishTime(now: clock(), timeZone: timeZone)
            return comments.comments(of: goodsID, page: page, size: size)
                .map { loaded in
                    Page(items: loaded.comments.map { CommentItemViewModel(comment: $0, publishTime: publishTime) },
                         number: loaded.currentPage, lastPage: loaded.lastPage)
                }
                .mapError { PageLoadError($0) }
        }
        send.values.observe(with: self) { screen, added in
            item.commentAdded(messages: added.messages)
            draft.value = ""
            screen.show(notice: tr("留言成功"))
            screen.reload()
        }
        send.errors.observe(with: self) { $0.show($1) }
        didBecomeActive.observe(with: self) { $0.loadFirstPageIfNeeded() }
        loadNextPage(whenNearEnd: Property(capturing: isNearEnd))
    }

    /// The first load, unless something is loaded or loading.
    public func loadFirstPageIfNeeded() {
        reloadUnlessLoaded()
    }

    /// Sends the draft (Enter in the entry, 发送); nothing while it is blank or a send runs.
    public func sendDraft() {
        send.apply().take(during: lifetime).start()
    }
}
