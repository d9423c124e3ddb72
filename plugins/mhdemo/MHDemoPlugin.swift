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

/// Reads a folder in the demo's layout.
enum DemoFolder {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func read(_ folder: URL) throws -> DataSet {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            throw Failure(description: "no folder at \(folder.path)")
        }
        let pageFiles = names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix("SUGoodsData_"), name.hasSuffix(".data"),
                  let number = Int(name.dropFirst("SUGoodsData_".count).dropLast(".data".count)) else { return nil }
            return (number, name)
        }.sorted { $0.0 < $1.0 }
        guard !pageFiles.isEmpty else {
            throw Failure(description: "\(folder.path) holds no SUGoodsData_N.data page files")
        }
        var problems: [String] = []
        var pages: [GoodsPage] = []
        for (_, name) in pageFiles {
            do {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                pages.append(try DemoFormat.goodsPage(from: data, file: name))
            } catch {
                problems.append("\(name): \(error)")
            }
        }
        var banners: [Banner] = []
        let bannerFile = folder.appendingPathComponent("SUBannerData.data")
        if FileManager.default.fileExists(atPath: bannerFile.path) {
            do {
                banners = try DemoFormat.banners(from: Data(contentsOf: bannerFile), file: bannerFile.lastPathComponent)
                    .sorted { ($0.displayOrder, $0.id) < ($1.displayOrder, $1.id) }
            } catch {
                problems.append("SUBannerData.data: \(error)")
            }
        }
        guard !pages.isEmpty else {
            throw Failure(description: "no readable page in \(folder.path): \(problems.joined(separator: "; "))")
        }
        return DataSet(pages: pages, banners: banners, problems: problems)
    }
}

/// The entry point the app looks up when it loads this library.
@_cdecl("goodsdesk_plugin_entry")
public func goodsdeskPluginEntry() -> UnsafeMutableRawPointer {
    PluginExport.export { MHDemoPlugin() }
}
