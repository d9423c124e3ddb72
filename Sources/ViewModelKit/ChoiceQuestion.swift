/// A question with a few answers for the user to pick one of: what an
/// `Interaction<ChoiceQuestion<Option>, Option?>` asks (keep or replace a file, which copy to
/// keep), answered with the option picked, or nil when the user declines.
///
/// As with `ConfirmationQuestion`, the view model words it all: the framework holds no text.
public struct ChoiceQuestion<Option: Sendable & Equatable>: Sendable, Equatable {
    /// One answer: its value and its button's label.
    public struct Choice: Sendable, Equatable {
        public var value: Option
        public var label: String
        /// Whether picking it destroys or ends something (its button looks destructive).
        public var isDestructive: Bool

        public init(_ value: Option, label: String, isDestructive: Bool = false) {
            self.value = value
            self.label = label
            self.isDestructive = isDestructive
        }
    }

    /// The heading; nil heads the dialog with `message`.
    public var title: String?
    /// The question, as shown (under the heading).
    public var message: String
    /// The answers, in the order their buttons show; the first is the suggested one unless it
    /// is destructive.
    public var choices: [Choice]
    /// The label of the button that declines (取消), also what Escape answers.
    public var cancelTitle: String

    public init(title: String? = nil, message: String, choices: [Choice], cancelTitle: String) {
        self.title = title
        self.message = message
        self.choices = choices
        self.cancelTitle = cancelTitle
    }
}
