/// What a picture binding tells screen readers (its accessible description): one text while it
/// shows a picture, another while it shows the placeholder — so assistive technologies, and UI
/// tests, can tell a real picture from none. The program supplies them, translated: the
/// framework holds no user-visible text.
public struct PictureDescriptions: Sendable, Equatable {
    /// While a picture is shown (`"Picture"`); nil leaves the description as it is.
    public var shown: String?
    /// While the placeholder is (`"No picture"`); nil leaves the description as it is.
    public var placeholder: String?

    public init(shown: String?, placeholder: String?) {
        self.shown = shown
        self.placeholder = placeholder
    }

    /// No descriptions: the bindings leave the accessible description alone.
    public static let none = PictureDescriptions(shown: nil, placeholder: nil)

    /// The descriptions of every picture binding that names none: set once at start-up by the
    /// program (its translated texts), read when a binding is made. `.none` until then.
    @MainActor public static var standard: PictureDescriptions = .none

    /// The description for a picture that is shown (`true`) or is the placeholder.
    public func text(showing: Bool) -> String? { showing ? shown : placeholder }
}
