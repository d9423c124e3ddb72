/// A question for the user, with what happens when they agree.
///
/// The button titles are optional: nil leaves them to the presenter (GoodsDesk shows 确定 and
/// 取消 in the user's language), so the framework holds no text of its own.
public struct ConfirmationRequest: Sendable {
    /// The question, as shown.
    public let message: String
    /// The label of the button that agrees; nil for the presenter's default.
    public let confirmTitle: String?
    /// The label of the button that declines; nil for the presenter's default.
    public let cancelTitle: String?
    /// Runs when the user agrees.
    public let onConfirm: @MainActor @Sendable () -> Void

    public init(
        message: String, confirmTitle: String? = nil, cancelTitle: String? = nil,
        onConfirm: @escaping @MainActor @Sendable () -> Void
    ) {
        self.message = message
        self.confirmTitle = confirmTitle
        self.cancelTitle = cancelTitle
        self.onConfirm = onConfirm
    }
}
