import Foundation
import GoodsDomain
import Localization

/// One comment as its row shows it: the author, their avatar, the text and when, formatted.
public struct CommentItemViewModel: Sendable, Identifiable, Equatable {
    public let comment: GoodsComment
    /// `12分钟前`, `昨天 18:30`… as publish times are shown.
    public let time: String

    public init(comment: GoodsComment, publishTime: PublishTime) {
        self.comment = comment
        time = publishTime.text(for: comment.createdAt)
    }

    public var id: Int { comment.id }
    public var author: String { comment.author }
    /// The author's avatar, or nil for the placeholder.
    public var avatar: String? { comment.avatar }
    public var text: String { comment.text }
    /// What screen readers (and the UI checks) call the row: `小猫：还在吗？`.
    public var accessibleName: String { tr("{0}：{1}", author, text) }
}
