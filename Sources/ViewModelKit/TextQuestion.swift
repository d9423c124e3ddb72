/// A question answered with a line of text (a name for a copy, a note): what an
/// `Interaction<TextQuestion, String?>` asks, answered with the text the user confirmed, or nil
/// when they declined.
///
/// The view model words it all and says whether an empty answer counts; the view keeps the
/// confirming button off while the text is not acceptable.
public struct TextQuestion: Sendable, Equatable {
    /// The heading; nil heads the dialog with `message`.
    public var title: String?
    /// What to type, as shown (under the heading).
    public var message: String
    /// The text the field starts with (selected, so typing replaces it).
    public var text: String
    /// Shown in the empty field, as a hint.
    public var placeholder: String
    /// The label of the button that confirms (重命名); Enter in the field confirms too.
    public var confirmTitle: String
    /// The label of the button that declines (取消), also what Escape answers.
    public var cancelTitle: String
    /// Whether an answer may be empty or only blanks.
    public var allowsBlank: Bool
    /// The longest answer accepted, in characters.
    public var maximumLength: Int

    public init(title: String? = nil, message: String, text: String = "", placeholder: String = "",
                confirmTitle: String, cancelTitle: String, allowsBlank: Bool = false, maximumLength: Int = 200) {
        self.title = title
        self.message = message
        self.text = text
        self.placeholder = placeholder
        self.confirmTitle = confirmTitle
        self.cancelTitle = cancelTitle
        self.allowsBlank = allowsBlank
        self.maximumLength = max(1, maximumLength)
    }

    /// Whether `answer` may be confirmed: within the length, and not blank unless allowed.
    public func accepts(_ answer: String) -> Bool {
        guard answer.count <= maximumLength else { return false }
        return allowsBlank || answer.contains { !$0.isWhitespace }
    }
}
