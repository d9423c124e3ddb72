/// Why the store could not be opened or used: a typed `kind` the layers above tell apart (a
/// service maps it onto `ServiceError`, the view models word it, the start screen says an
/// opening fault), the `path` it concerns, and a `message` saying what happened for the log.
/// No text here is for the user: the view models' `UserMessage` words every kind.
public struct StoreError: Error, Equatable, CustomStringConvertible {
    /// What kind of fault it was: what the app can do about it differs.
    public enum Kind: Sendable, Equatable {
        /// The store is read-only (see `GoodsStore.access`), for this reason; nothing was written.
        case readOnly(ReadOnlyReason)
        /// Opening: another program holds the database, and it could not even be read.
        case locked
        /// Opening: another GoodsDesk is importing the first goods into this data folder.
        case importInProgress
        /// Opening: the existing database could not be read (SQLite's reason in `detail`); it
        /// was left as it is.
        case unreadable
        /// Opening: no database could be created at the path (the reason in `detail`).
        case cannotCreate
        /// Opening: the data set to import could not be read (its reason in `detail`).
        case dataSetUnreadable
        /// A read or write waited out the busy timeout for another program's lock: nothing was
        /// changed, trying again later may work.
        case busy
        /// A write found the disk full; nothing was saved.
        case diskFull
        /// SQLite met a damaged page; the next start checks the whole file.
        case damaged
        /// Something other than a regular file sits at the database path (what it is in
        /// `detail`); nothing was touched.
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
    /// The database file an opening fault concerns.
    public let path: String?
    /// What the file system, SQLite or the data set reader said, when that helps the user.
    public let detail: String?
    /// What happened, for the log.
    public let message: String

    public init(_ kind: Kind = .failed, path: String? = nil, detail: String? = nil, message: String) {
        self.kind = kind
        self.path = path
        self.detail = detail
        self.message = message
    }

    public var description: String { message }
}

/// Why a store runs read-only. Each keeps the user's file as it is.
public enum ReadOnlyReason: Sendable, Equatable, CustomStringConvertible {
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

    /// What the log says.
    public var description: String {
        switch self {
        case .inUseByAnotherInstance: "another GoodsDesk has the data open"
        case .locked: "another program holds the database locked"
        case .diskFull: "the disk is full"
        case .readOnlyMedium: "the database's folder or medium cannot be written"
        case let .newerSchema(found, known): "a newer GoodsDesk made the database (schema \(found), this one knows \(known))"
        }
    }
}

/// What the store has to tell the user once it is open; the view models word it.
public enum StoreNotice: Sendable, Equatable {
    /// The store is read-only for this reason: the user can look, not change.
    case readOnly(ReadOnlyReason)
    /// The database was damaged: it was kept as `keptAs`, rebuilt from the data set, and this
    /// many accounts and likes were carried over from the copy.
    case rebuilt(keptAs: String, accounts: Int, likes: Int)
}

/// Whether the store can be written.
public enum StoreAccess: Sendable, Equatable {
    case readWrite
    case readOnly(ReadOnlyReason)

    public var isWritable: Bool { self == .readWrite }
}
