/// Why a service request failed, typed: what kind of fault, in which request, and the store's
/// own error when the store failed (for the log and for tests). It holds no sentence: the view
/// models word it, in one place (GoodsViewModels' `ServiceError.userMessage`).
public struct ServiceError: Error, Equatable, CustomStringConvertible {
    /// What went wrong; every `StoreError.Kind` maps onto one of these.
    public enum Kind: Sendable, Equatable {
        /// The (simulated) server is down.
        case serverUnavailable
        /// The request needs a logged-in user and nobody is.
        case notLoggedIn
        /// The user's input was refused: which field, and why.
        case invalidInput(InputField, InputProblem)
        /// The store was held by another program for longer than it waits; nothing changed.
        case busy
        /// The store is read-only for this reason (another GoodsDesk, a lock, a full disk, a
        /// read-only medium, a newer schema); nothing was written.
        case readOnly(ReadOnlyReason)
        /// The disk is full; nothing was saved.
        case diskFull
        /// The database file is damaged; the next start checks it.
        case damaged
        /// The store cannot be used at all (closed, or not a file at its path).
        case storeUnavailable
        /// What was asked for does not exist.
        case notFound
        /// The request was cancelled (a newer search): nothing to tell the user.
        case cancelled
        /// Any other store failure; `storeError` says what.
        case failed
    }

    public let kind: Kind
    /// The request that failed, nil for one no server request made (a field checked before
    /// logging in).
    public let request: SimulatedServer.Request?
    /// The store's error behind this one, nil when the store was not involved.
    public let storeError: StoreError?

    /// A failure of `kind` in `request`.
    public init(_ kind: Kind, request: SimulatedServer.Request? = nil) {
        self.kind = kind
        self.request = request
        storeError = nil
    }

    /// The service's reading of the store's `error` met while answering `request`.
    public init(_ error: StoreError, request: SimulatedServer.Request) {
        self.request = request
        storeError = error
        switch error.kind {
        case let .readOnly(reason): kind = .readOnly(reason)
        case .locked, .busy: kind = .busy
        case .diskFull: kind = .diskFull
        case .damaged: kind = .damaged
        case .notAFile, .closed, .importInProgress, .unreadable, .cannotCreate, .dataSetUnreadable: kind = .storeUnavailable
        case .notFound: kind = .notFound
        case .invalidComment(.empty): kind = .invalidInput(.comment, .empty)
        case .invalidComment(.tooLong): kind = .invalidInput(.comment, .tooLong)
        case .cancelled: kind = .cancelled
        case .failed: kind = .failed
        }
    }

    /// The field the user should fix, when the input was refused.
    public var field: InputField? {
        if case let .invalidInput(field, _) = kind { return field }
        return nil
    }

    /// For the log: the request, the kind and the store's message.
    public var description: String {
        let what = request.map { "\($0)" } ?? "input"
        let store = storeError.map { " (store: \($0.message))" } ?? ""
        return "\(what) failed: \(kind)\(store)"
    }
}
