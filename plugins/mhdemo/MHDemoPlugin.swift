import Foundation
import GoodsDomain
import PluginKit
import Localization

/// The `mhdemo` data source: a folder of the original iOS demo's files, `SUGoodsData_1.data` …
/// `SUGoodsData_N.data` (JSON pages) and `SUBannerData.data`, read as they are.
@MainActor
final class MHDemoPlugin: Plugin {
    let info = PluginInfo(id: "io.github.goodsdesk.mhdemo", name: tr("原版演示数据"), version: "1.0")

    func register(in registry: PluginRegistry) throws {
        try registry.registerDataSource(DataSource(id: "mhdemo", name: tr("原版演示数据")) { folder in
            let url = URL(fileURLWithPath: folder)
            return DataSourceContent(dataSet: try DemoFolder.read(url), pictureDirectory: url)
        })
    }
}

/// Reads a folder in the demo's layout (GoodsDomain's data-set reader knows it), refusing one
/// that holds no demo page at all.
enum DemoFolder {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func read(_ folder: URL) throws -> DataSet {
        let dataSet = try DataSet.load(from: folder)
        guard dataSet.pageCount > 0 else {
            throw Failure(description: "\(folder.path) holds no SUGoodsData_N.data page files")
        }
        return dataSet
    }
}

/// The entry point the app looks up when it loads this library.
@_cdecl("goodsdesk_plugin_entry") public func pluginEntry() -> UnsafeMutableRawPointer { PluginExport.export { MHDemoPlugin() } }
