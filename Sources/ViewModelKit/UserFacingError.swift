/// An error that says, in the user's words, what went wrong. A view model shows one with
/// `show(_:)`; an error that is not one goes to `UnhandledErrors` instead of being dumped on
/// screen. The app conforms its error types in one place (GoodsDesk: GoodsViewModels'
/// `ServiceError+UserMessage.swift`), so the sentence for each fault is written once.
public protocol UserFacingError: Error {
    /// The sentence the user reads, or nil when there is nothing to say (a cancelled request).
    var userMessage: String? { get }
}
