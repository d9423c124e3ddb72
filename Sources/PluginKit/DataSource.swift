import Foundation
import GoodsDomain

/// A source of goods and banners a plugin offers by id, chosen with
/// `--data-source <id>:<argument>`. The app imports what it reads into a local store of its own
/// (one per source and argument), so likes and accounts work the same on any source.
public struct DataSource: Sendable {
    /// Short and stable (`mhdemo`): what the user types.
    public let id: String
    /// Shown in messages and the 插件 dialog.
    public let name: String
    /// Reads the data for `argument` (a folder, a URL: the source decides); throws a message the
    /// user can act on.
    public let read: @Sendable (_ argument: String) throws -> DataSourceContent

    public init(id: String, name: String, read: @escaping @Sendable (_ argument: String) throws -> DataSourceContent) {
        self.id = id
        self.name = name
        self.read = read
    }
}

/// What a data source read: the goods and banners, and the folder their relative picture
/// locations are resolved against.
public struct DataSourceContent: Sendable {
    public let dataSet: DataSet
    public let pictureDirectory: URL

    public init(dataSet: DataSet, pictureDirectory: URL) {
        self.dataSet = dataSet
        self.pictureDirectory = pictureDirectory
    }
}
