import Foundation

/// A data set on disk in the demo format: goods pages and banners, plus the local pictures
/// their paths point to. Reads both the app's own layout (`banners.json`, `pages/page-N.json`)
/// and the original demo's (`SUBannerData.data`, `SUGoodsData_N.data`).
public struct DataSet: Sendable {
    /// The pages, in page order.
    public var pages: [GoodsPage]
    public var banners: [Banner]
    /// Files that could not be read, each with the reason; the rest loaded.
    public var problems: [String]

    public init(pages: [GoodsPage], banners: [Banner], problems: [String] = []) {
        self.pages = pages
        self.banners = banners
        self.problems = problems
    }

    /// Every goods item, in page order.
    public var goods: [Goods] { pages.flatMap(\.goods) }

    /// Reads the data set in `folder`. A missing or unreadable file is reported in `problems`
    /// and skipped; only a missing folder throws.
    public static func load(from folder: URL) throws(DataSetError) -> DataSet {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DataSetError(message: "no data set folder at \(folder.path)")
        }
        var problems: [String] = []
        var numbered: [(Int, URL)] = []
        let topLevel = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in topLevel {
            if let number = number(in: name, prefix: "SUGoodsData_", suffix: ".data") {
                numbered.append((number, folder.appendingPathComponent(name)))
            }
        }
        let pagesFolder = folder.appendingPathComponent("pages")
        for name in (try? fileManager.contentsOfDirectory(atPath: pagesFolder.path)) ?? [] {
            if let number = number(in: name, prefix: "page-", suffix: ".json") {
                numbered.append((number, pagesFolder.appendingPathComponent(name)))
            }
        }
        var pages: [GoodsPage] = []
        for (_, url) in numbered.sorted(by: { $0.0 < $1.0 }) {
            do {
                let data = try Data(contentsOf: url)
                pages.append(try DemoFormat.goodsPage(from: data, file: url.lastPathComponent))
            } catch {
                problems.append("\(url.lastPathComponent): \(error)")
            }
        }
        var banners: [Banner] = []
        let bannerFiles = ["banners.json", "SUBannerData.data"].map { folder.appendingPathComponent($0) }
        if let bannerFile = bannerFiles.first(where: { fileManager.fileExists(atPath: $0.path) }) {
            do {
                banners = try DemoFormat.banners(from: Data(contentsOf: bannerFile), file: bannerFile.lastPathComponent)
                    .sorted { ($0.displayOrder, $0.id) < ($1.displayOrder, $1.id) }
            } catch {
                problems.append("\(bannerFile.lastPathComponent): \(error)")
            }
        }
        if pages.isEmpty { problems.append("no goods pages found in \(folder.path)") }
        return DataSet(pages: pages, banners: banners, problems: problems)
    }

    private static func number(in name: String, prefix: String, suffix: String) -> Int? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        return Int(name.dropFirst(prefix.count).dropLast(suffix.count))
    }
}

/// Why a data set could not be read at all.
public struct DataSetError: Error, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
