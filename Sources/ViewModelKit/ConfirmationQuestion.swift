/// A yes-or-no question for the user: what an `Interaction<ConfirmationQuestion, Bool>` asks (logging
/// out, turning a plugin back on), answered true when the user agrees.
///
/// The view model words it all, so the framework holds no text: name the agreeing button with
/// the action (注销, 启用) and say whether agreeing destroys something; the HIG's dialogs do not
/// answer 确定 to a question.
public struct ConfirmationQuestion: Sendable, Equatable {
    /// The heading (the question in a few words: 注销？); nil heads the dialog with `message`.
    public var title: String?
    /// The question, as shown (under the heading).
    public var message: String
    /// The label of the button that agrees (注销).
    public var confirmTitle: String
    /// The label of the button that declines (取消); declining is also what Escape answers.
    public var cancelTitle: String
    /// Whether agreeing destroys or ends something (its button looks destructive).
    public var isDestructive: Bool

    public init(title: String? = nil, message: String, confirmTitle: String, cancelTitle: String, isDestructive: Bool = true) {
        self.title = title
        self.message = message
        self.confirmTitle = confirmTitle
        self.cancelTitle = cancelTitle
        self.isDestructive = isDestructive
    }
}
