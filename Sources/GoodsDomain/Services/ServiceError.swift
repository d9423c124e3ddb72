import Localization

/// Why a service request failed, with the message the user sees.
public struct ServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(message: String) { self.message = message }

    /// The seeds' message when the (simulated) server fails.
    public static let serverUnavailable = ServiceError(message: tr("呜呜，服务器不给力呀..."))

    public var description: String { message }
}
