import Foundation

/// Turns a picture location from the data (a path relative to the data set, an absolute path,
/// or a URL) into a local file path the view can show, or nil for the placeholder.
public struct PictureLocator: Sendable {
    /// The data set folder relative locations are resolved against.
    public let dataSetDirectory: URL

    public init(dataSetDirectory: URL) { self.dataSetDirectory = dataSetDirectory }

    public func path(for location: String?) -> String? {
        guard let location, !location.isEmpty else { return nil }
        if location.hasPrefix("/") { return location }
        if location.contains("://") { return nil }
        return dataSetDirectory.appendingPathComponent(location).path
    }
}
