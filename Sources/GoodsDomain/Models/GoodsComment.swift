import Foundation

/// One comment (留言) on an item: who wrote it, with their avatar, what and when. The data set
/// gives each item as many as its message count; the user adds more on the comments page.
public struct GoodsComment: Sendable, Equatable, Hashable, Identifiable {
    /// Its number among its item's comments, from 1 (0 for one not stored yet, as the data
    /// set's are).
    public var id: Int
    /// The item it is about.
    public var goodsID: Int
    /// The author's nickname.
    public var author: String
    /// The author's avatar (data-set path or URL); nil for the placeholder.
    public var avatar: String?
    public var text: String
    public var createdAt: Date

    /// The longest comment, in characters (a file's longer ones are refused, a user's too).
    public static let maximumLength = 200
    /// The longest author nickname a file may give, in characters.
    public static let maximumAuthorLength = 64

    public init(id: Int = 0, goodsID: Int, author: String, avatar: String?, text: String, createdAt: Date) {
        self.id = id
        self.goodsID = goodsID
        self.author = author
        self.avatar = avatar
        self.text = text
        self.createdAt = createdAt
    }
}

/// Why a comment's text cannot be sent (the view models word it for the user).
public enum CommentTextError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing but spaces.
    case empty
    /// Longer than `GoodsComment.maximumLength` characters once trimmed.
    case tooLong

    /// For the log.
    public var description: String {
        switch self {
        case .empty: return "the comment is blank"
        case .tooLong: return "the comment is longer than \(GoodsComment.maximumLength) characters"
        }
    }
}

extension GoodsComment {
    /// `text` as it is stored: trimmed of spaces and line breaks at both ends; refused when
    /// nothing is left or it is too long.
    public static func cleaned(_ text: String) throws(CommentTextError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.count <= maximumLength else { throw .tooLong }
        return trimmed
    }
}

/// One page of an item's comments, newest first.
public struct CommentPage: Sendable, Equatable {
    public var comments: [GoodsComment]
    /// This page's number, from 1.
    public var currentPage: Int
    /// The number of the last page (1 when there are none).
    public var lastPage: Int
    public var perPage: Int

    public init(comments: [GoodsComment], currentPage: Int, lastPage: Int, perPage: Int) {
        self.comments = comments
        self.currentPage = currentPage
        self.lastPage = lastPage
        self.perPage = perPage
    }
}

/// A comment just added, and the item's message count after it.
public struct AddedComment: Sendable, Equatable {
    public var comment: GoodsComment
    public var messages: Int

    public init(comment: GoodsComment, messages: Int) {
        self.comment = comment
        self.messages = messages
    }
}
