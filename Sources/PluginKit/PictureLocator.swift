import Foundation
import GtkReactive

/// Turns a picture location from the data (a path relative to the data set, an absolute path,
/// or a URL) into what a view can show.
public struct PictureLocator: Sendable {
    /// The data set folder relative locations are resolved against.
    public let dataSetDirectory: URL
    /// Fetches pictures given by URL.
    public let loader: PictureLoader

    public init(dataSetDirectory: URL, cacheDirectory: URL = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-pictures")) {
        self.dataSetDirectory = dataSetDirectory
        loader = PictureLoader(cacheDirectory: cacheDirectory)
    }

    /// Where the picture at `location` comes from; nil (the placeholder) for none.
    public func source(for location: String?) -> PictureSource? {
        guard let location, !location.isEmpty else { return nil }
        if location.hasPrefix("/") { return .file(location) }
        if location.contains("://") { return URL(string: location).map(PictureSource.url) }
        return .file(dataSetDirectory.appendingPathComponent(location).path)
    }

    /// A local file path for `location`, or nil when it is a URL or none (for views that only
    /// show files, like the carousel).
    public func path(for location: String?) -> String? {
        if case let .file(path)? = source(for: location) { return path }
        return nil
    }
}
