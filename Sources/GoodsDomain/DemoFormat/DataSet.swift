import Foundation

/// A data set in the demo format: goods pages and banners, plus the local pictures their paths
/// point to. Reads both the app's own layout (`banners.json`, `pages/page-N.json`) and the
/// original demo's (`SUBannerData.data`, `SUGoodsData_N.data`).
///
/// A data set read from a folder holds only the list of its page files: pages are decoded one
/// at a time when they are visited (`forEachPage`), so a million goods never sit in memory.
public struct DataSet: Sendable {
    /// Where the pages come from.
    enum Source: Sendable {
        case pages([GoodsPage])
        case files([URL])
    }

    let source: Source
    public var banners: [Banner]
    /// What could not be read while listing the folder and reading the banners (pages report
    /// theirs as they are visited).
    public var problems: [String]

    /// A data set already in memory (tests, plugins that build their goods themselves).
    public init(pages: [GoodsPage], banners: [Banner], problems: [String] = []) {
        source = .pages(pages)
        self.banners = banners
        self.problems = problems
    }

    init(pageFiles: [URL], banners: [Banner], problems: [String]) {
        source = .files(pageFiles)
        self.banners = banners
        self.problems = problems
    }

    /// How many pages there are (before any is decoded).
    public var pageCount: Int {
        switch source {
        case let .pages(pages): return pages.count
        case let .files(files): return files.count
        }
    }

    /// Visits the pages in order. A page file that cannot be read, or an item in it that is
    /// bad, is reported to `problem` and skipped; the rest is visited.
    public func forEachPage(problem: (String) -> Void, _ body: (GoodsPage) throws -> Void) rethrows {
        switch source {
        case let .pages(pages):
            for page in pages { try body(page) }
        case let .files(files):
            for file in files {
                var problems: [String] = []
                let page = Self.read(file, problems: &problems)
                problems.forEach(problem)
                if let page { try body(page) }
            }
        }
    }

    /// Every page, decoded at once: for small data sets and tests.
    public var pages: [GoodsPage] {
        var pages: [GoodsPage] = []
        forEachPage(problem: { _ in }) { pages.append($0) }
        return pages
    }

    /// Every goods item, in page order.
    public var goods: [Goods] { pages.flatMap(\.goods) }

    /// Reads one page file; nil (with a problem) when it is not a page at all.
    static func read(_ file: URL, problems: inout [String]) -> GoodsPage? {
        do {
            let data = try UntrustedFile.read(file)
            return try DemoFormat.goodsPage(from: data, file: file.lastPathComponent, problems: &problems)
        } catch let failure as DemoFormat.DecodingFailure {
            problems.append(failure.description)
        } catch {
            problems.append("\(file.lastPathComponent): \(error)")
        }
        return nil
    }

    /// Lists the data set in `folder`. Page files must be named `page-N.json` (under `pages/`)
    /// or `SUGoodsData_N.data`, N ≥ 1 in plain decimal; other names are not pages. A missing or
    /// unreadable banner file is reported in `problems`; only a missing folder throws.
    public static func load(from folder: URL) throws(DataSetError) -> DataSet {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DataSetError(message: "no data set folder at \(folder.path)")
        }
        var problems: [String] = []
        var numbered: [(Int, URL)] = []
        for name in (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? [] {
            if let number = pageNumber(in: name, prefix: "SUGoodsData_", suffix: ".data") {
                numbered.append((number, folder.appendingPathComponent(name)))
            }
        }
        let pagesFolder = folder.appendingPathComponent("pages")
        for name in (try? fileManager.contentsOfDirectory(atPath: pagesFolder.path)) ?? [] {
            if let number = pageNumber(in: name, prefix: "page-", suffix: ".json") {
                numbered.append((number, pagesFolder.appendingPathComponent(name)))
            }
        }
        var banners: [Banner] = []
        let bannerFiles = ["banners.json", "SUBannerData.data"].map { folder.appendingPathComponent($0) }
        if let bannerFile = bannerFiles.first(where: { fileManager.fileExists(atPath: $0.path) }) {
            do {
                banners = try DemoFormat.banners(from: UntrustedFile.read(bannerFile), file: bannerFile.lastPathComponent, problems: &problems)
                    .sorted { ($0.displayOrder, $0.id) < ($1.displayOrder, $1.id) }
            } catch {
                problems.append("\(bannerFile.lastPathComponent): \(error)")
            }
        }
        if numbered.isEmpty { problems.append("no goods pages found in \(folder.path)") }
        return DataSet(pageFiles: numbered.sorted { $0.0 < $1.0 }.map(\.1), banners: banners, problems: problems)
    }

    /// N of `<prefix>N<suffix>` when N is a page number: decimal digits only (no sign, no
    /// leading zero), at least 1.
    static func pageNumber(in name: String, prefix: String, suffix: String) -> Int? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        let digits = name.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count)
        guard let first = digits.first, first != UInt8(ascii: "0"),
              digits.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }
}

/// Why a data set could not be read at all.
public struct DataSetError: Error, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
