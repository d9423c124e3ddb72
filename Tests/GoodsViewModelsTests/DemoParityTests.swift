import TestSupport
import Testing
import Foundation
import GoodsDomain
import GoodsViewModels

/// The rows' publish time and 全新 badge against the original demo's own rules: the time is its
/// `editAt`, read as UTC (YYModel) less 8 hours (its NSDate category), shown in the device's
/// zone; 全新 is its `BOOL brandNew`, true for any non-zero `isNew`. On the demo's own files where
/// they are present (`../shared/reference-data/mhdemo`, never copied into the repository), and
/// on synthetic pages always.
@Suite("Rows as the original demo shows them")
struct DemoParityTests {
    static let zones = ["Asia/Shanghai", "UTC"].compactMap(TimeZone.init(identifier:))

    /// `../shared/reference-data/mhdemo` beside the checkout, where it exists.
    static let referenceFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/reference-data/mhdemo")

    /// What the demo shows for an `editAt` of `text` at `now` in `zone`, computed its way (an
    /// independent transcription of `mh_string_yyyy_MM_dd:`, not GoodsDesk's code).
    static func demoPublishTime(editAt text: String, now: Date, zone: TimeZone) -> String {
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = TimeZone(secondsFromGMT: 0)
        parser.dateFormat = "yyyy-MM-dd HH:mm:ss"
        guard let parsed = parser.date(from: text) else { return "unparsable \(text)" }
        let from = Date(timeIntervalSince1970: parsed.timeIntervalSince1970 - 8 * 60 * 60)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let elapsed = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: from, to: now)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.timeZone = zone
        guard elapsed.year == 0 else {
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            return formatter.string(from: from)
        }
        if elapsed.month == 0 && elapsed.day == 0 {
            if let hour = elapsed.hour, hour >= 1 { return "\(hour)小时前" }
            if let minute = elapsed.minute, minute >= 1 { return "\(minute)分钟前" }
            return "刚刚"
        }
        formatter.dateFormat = "MM-dd HH:mm"
        return formatter.string(from: from)
    }

    /// The raw records of demo-format page files, as JSON objects, in page order.
    static func records(of files: [Data]) throws -> [[String: Any]] {
        try files.flatMap { data -> [[String: Any]] in
            let page = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return try #require(page["data"] as? [[String: Any]])
        }
    }

    /// The rows GoodsDesk shows for `dataSet`: imported into a store, read page by page, as
    /// the goods list makes them.
    static func rows(of dataSet: DataSet, now: Date, zone: TimeZone) throws -> [GoodsItemViewModel] {
        let store = try GoodsStore.inMemory(importing: dataSet)
        let pageCount = max(1, (store.goodsCount + 19) / 20)
        return try (1...pageCount).flatMap { number in
            try store.page(number, size: 20, viewer: nil).goods.map {
                GoodsItemViewModel(goods: $0, likes: NoLikes(), publishTime: PublishTime(now: now, timeZone: zone))
            }
        }
    }

    static func integer(_ value: Any?) -> Int? {
        if let number = value as? Int { return number }
        return (value as? String).flatMap { Int($0) }
    }

    /// Every row's time and badge equal the demo's, in both zones.
    static func expectDemoParity(records: [[String: Any]], dataSet: DataSet, now: Date) throws {
        for zone in zones {
            let rows = try rows(of: dataSet, now: now, zone: zone)
            try #require(rows.count == records.count, "one row per record")
            var differing: [String] = []
            for (row, record) in zip(rows, records) {
                #expect(row.id == integer(record["id"]), "rows in the files' order")
                let editAt = try #require(record["editAt"] as? String)
                let expected = demoPublishTime(editAt: editAt, now: now, zone: zone)
                if row.publishTime != expected { differing.append("\(row.id): \(row.publishTime) ≠ \(expected)") }
                #expect(row.isBrandNew == (integer(record["isNew"]) != 0), "item \(row.id) isNew \(record["isNew"] ?? "–")")
            }
            let differingCount = differing.count
            #expect(differingCount == 0, "\(zone.identifier): \(differingCount) rows differ, e.g. \(differing.prefix(3))")
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: referenceFolder.path),
                   "skipped: ../shared/reference-data/mhdemo is absent on this machine"))
    func theDemosFourHundredGoodsShowItsTimesAndBadges() throws {
        let files = try (1...20).map { try Data(contentsOf: Self.referenceFolder.appendingPathComponent("SUGoodsData_\($0).data")) }
        let records = try Self.records(of: files)
        #expect(records.count == 400)
        let dataSet = try DataSet.load(from: Self.referenceFolder)
        #expect(dataSet.problems.isEmpty, "\(dataSet.problems)")
        // Today, and a fixed day so the test means the same next year.
        let fixed = try #require(BeijingTime.date(from: "2026-12-01 12:00:00"))
        for now in [Date(), fixed] {
            try Self.expectDemoParity(records: records, dataSet: dataSet, now: now)
        }
        // The 17 goods whose isNew is 1 keep 全新, as in the demo.
        let rows = try Self.rows(of: dataSet, now: fixed, zone: Self.zones[0])
        let oddNew = zip(rows, records).filter { ![0, 2].contains(Self.integer($0.1["isNew"])) }
        #expect(oddNew.count == 17)
        #expect(oddNew.allSatisfy { $0.0.isBrandNew })
        #expect(rows.filter(\.isBrandNew).count == 396)
        #expect(zip(rows, records).contains { $0.1["createdAt"] as? String != $0.1["editAt"] as? String },
                "some goods were edited after they were listed: the test tells createdAt from editAt")
    }

    /// `editAt`s at every branch of the demo's rule (just now, minutes, hours, earlier this
    /// year, other years) around a fixed now, each with a `createdAt` that would show otherwise,
    /// and every `isNew` the demo has.
    @Test func syntheticPagesShowTheDemosTimesAndBadges() throws {
        let now = try #require(BeijingTime.date(from: "2026-12-01 12:00:00"))
        let edits = ["2026-12-01 11:59:30", "2026-12-01 11:55:00", "2026-12-01 09:00:00", "2026-11-30 11:00:00", "2026-11-28 10:00:00",
                     "2026-07-01 08:30:00", "2026-01-02 10:00:00", "2023-05-20 18:45:10", "2017-01-13 09:57:54"]
        let items = edits.enumerated().map { index, editAt in
            #"{"id":\#(index + 1),"title":"商品\#(index + 1)","description":"D","price":1,"oprice":0,"expressType":0,"number":1,"#
            + #""locationAreaName":"杭州 西湖区","createdAt":"2016-0\#(index % 9 + 1)-01 03:04:05","editAt":"\#(editAt)","#
            + #""updatedAt":"2026-12-01 11:59:59","isNew":\#(index % 3),"images":[],"userId":1,"nickName":"N","avatar":0,"#
            + #""messages":0,"likes":0,"isLike":0}"#
        }
        let file = Data(#"{"data":[\#(items.joined(separator: ","))],"currentPage":1,"lastPage":1,"perPage":"20"}"#.utf8)
        var problems: [String] = []
        let page = try DemoFormat.goodsPage(from: file, problems: &problems)
        #expect(problems.isEmpty, "\(problems)")
        try Self.expectDemoParity(records: Self.records(of: [file]), dataSet: DataSet(pages: [page], banners: []), now: now)
        // The branches are really met: Shanghai's texts, spelled out.
        let shown = try Self.rows(of: DataSet(pages: [page], banners: []), now: now, zone: Self.zones[0]).map(\.publishTime)
        #expect(shown == ["刚刚", "5分钟前", "3小时前", "11-30 11:00", "11-28 10:00", "07-01 08:30", "01-02 10:00", "2023-05-20 18:45", "2017-01-13 09:57"])
    }
}
