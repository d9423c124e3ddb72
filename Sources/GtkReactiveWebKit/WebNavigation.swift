/// A navigation a web view asks its policy about (`WebView.setNavigationPolicy`).
public struct WebNavigation: Sendable, Equatable {
    /// What the policy answers.
    public enum Answer: Sendable, Equatable {
        /// Go ahead.
        case allow
        /// Do not: the view stays where it is, and no window opens.
        case refuse
    }

    /// The address asked for, as WebKit has it (absolute).
    public let uri: String
    /// Whether the page asks for it in a new window (`target="_blank"`, `window.open`).
    public let isNewWindow: Bool

    public init(uri: String, isNewWindow: Bool) {
        self.uri = uri
        self.isNewWindow = isNewWindow
    }
}

/// A load that failed (`WebView.onLoadFailure`).
public struct WebLoadFailure: Sendable, Equatable {
    /// The address that failed to load.
    public let uri: String
    /// WebKit's message (in English, from its error domain).
    public let message: String
    /// Whether the load was interrupted rather than failed: cancelled, or stopped by the
    /// navigation policy. Nothing to tell the user beyond what the policy said.
    public let isInterruption: Bool

    public init(uri: String, message: String, isInterruption: Bool) {
        self.uri = uri
        self.message = message
        self.isInterruption = isInterruption
    }
}
