/// Why an `Interaction`'s question got no answer. Each names the interaction, for the log of
/// whoever asked; neither is a sentence for the user.
public enum InteractionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nobody answers the interaction: no view registered a handler (`Interaction.handle`).
    case noHandler(interaction: String)
    /// The question went away unanswered: the handler that had it was unregistered (its
    /// screen closed), the interaction's owner ended, or the asking task was cancelled.
    case cancelled(interaction: String)

    /// The interaction's name.
    public var interaction: String {
        switch self {
        case let .noHandler(name), let .cancelled(name): name
        }
    }

    public var description: String {
        switch self {
        case let .noHandler(name): "no handler answers interaction \(name): the view registers one with \(name).handle { … }"
        case let .cancelled(name): "interaction \(name) was cancelled before it was answered"
        }
    }
}
