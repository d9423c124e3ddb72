import Foundation

/// What one of GoodsDesk's data sources reads (PluginKit's `DataSource<DataSourceContent>`): the
/// goods and banners, and the folder their relative picture locations are resolved against.
///
/// It lives here, with the data set, rather than in PluginKit: the plugin API carries data
/// sources of any content type and knows nothing of goods.
public struct DataSourceContent: Sendable {
    public let dataSet: DataSet
    public let pictureDirectory: URL

    public init(dataSet: DataSet, pictureDirectory: URL) {
        self.dataSet = dataSet
        self.pictureDirectory = pictureDirectory
    }
}
