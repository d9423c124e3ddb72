/// A question for the user, with what happens when they agree.
///
/// The title and the button titles are optional: nil leaves them to the presenter (the app's,
/// such as 确定 and 取消 in the user's language), so the framework holds no text of its own. Name
/// the agreeing button with the action (注销, 删除) and say whether it destroys something: the
/// HIG's dialogs do not answer 确定 to a question.
public struct ConfirmationRequest: Sendable {
    /// The dialog's heading (the question in a few words: 注销？); nil to head it with `message`.
    public let title: String?
    /// The question, as shown (the body under the heading).
    public let message: String
    /// The label of the button that agrees; nil for the presenter's default.
    public let confirmTitle: String?
    /// The label of the button that declines; nil for the presenter's default.
    public let cancelTitle: String?
    /// Whether agreeing destroys or ends something (the button looks destructive); true by default.
    public let isDestructive: Bool
    /// Runs when the user agrees.
    public let onConfirm: @MainActor @Sendable () -> Void

    public init(
        title: String? = nil, message: String, confirmTitle: String? = nil, cancelTitle: String? = nil,
        isDestructive: Bool = true, onConfirm: @escaping @MainActor @Sendable () -> Void
    ) {
        self.title = title
        self.isDestructive = isDestructive
        self.message = message
        self.confirmTitle = confirmTitle
        self.cancelTitle = cancelTitle
        self.onConfirm = onConfirm
    }
}
