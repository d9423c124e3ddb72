import Localization

/// Why the store could not be opened or used: a typed `kind` the layers above tell apart (a
/// service maps it onto `ServiceError`, the view models word it), and a `message` saying what
/// happened for the log. An opening fault's message is a sentence for the start screen (it names
/// the path); a fault met while reading or writing carries SQLite's own text, never shown as is.
public struct StoreError: Error, Equatable, CustomStringConvertible {
    /// What kind of fault it was: what the app can do about it differs.
    public enum Kind: Sendable, Equatable {
        /// The store is read-only (see `GoodsStore.access`), for this reason; nothing was written.
        case readOnly(ReadOnlyReason)
        /// Opening: another program (or another GoodsDesk importing) holds the database, and it
        /// could not even be read.
        case locked
        /// A read or write waited out the busy timeout for another program's lock: nothing was
        /// changed, trying again later may work.
        case busy
        /// A write found the disk full; nothing was saved.
        case diskFull
        /// SQLite met a damaged page; the next start checks the whole file.
        case damaged
        /// Something other than a regular file sits at the database path; nothing was touched.
        case notAFile
        /// The store was closed (the app is quitting).
        case closed
        /// No item has the id asked for.
        case notFound
        /// A comment's text was refused (blank, too long); nothing was written.
        case invalidComment(CommentTextError)
        /// A `QueryCancellation` stopped the query (`StoreError.cancelled`): nothing is wrong.
        case cancelled
        /// Any other failure (the message holds SQLite's).
        case failed
    }

    public let kind: Kind
    /// What happened, for the log (and, for an opening fault, the start screen).
    public let message: String

    public init(_ kind: Kind = .failed, message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

/// Why a store runs read-only. Each keeps the user's file as it is; the message says so.
public enum ReadOnlyReason: Sendable, Equatable {
    /// Another GoodsDesk has this data folder open (it may sit on another D-Bus session).
    case inUseByAnotherInstance
    /// Another program holds a write lock longer than the busy timeout.
    case locked
    /// No space left on the disk.
    case diskFull
    /// The file, its folder or its medium cannot be written.
    case readOnlyMedium
    /// A newer GoodsDesk made the database (schema `found`, this app knows `known`).
    case newerSchema(found: Int, known: Int)

    /// One sentence for the window, in the user's language.
    public var message: String {
        switch self {
        case .inUseByAnotherInstance:
            return tr("另一个 GoodsDesk 正在使用这些数据：本窗口只能查看，收藏不会保存。")
        case .locked:
            return tr("数据库被其他程序锁定：本窗口只能查看，收藏不会保存。")
        case .diskFull:
            return tr("磁盘已满：本窗口只能查看，收藏不会保存。你的数据原样保留。")
        case .readOnlyMedium:
            return tr("数据库所在位置不可写：本窗口只能查看，收藏不会保存。")
        case let .newerSchema(found, known):
            return tr("数据库由更新版本的 GoodsDesk 创建（版本 {0}，本程序为 {1}）：本窗口只能查看，数据原样保留。", found, known)
        }
    }
}

/// Whether the store can be written.
public enum StoreAccess: Sendable, Equatable {
    case readWrite
    case readOnly(ReadOnlyReason)

    public var isWritable: Bool { self == .readWrite }
}
