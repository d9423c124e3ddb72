// goodsdesk-bench: the data layer at scale, in one run.
//
// Usage: swift run -c release goodsdesk-bench [--quick]
// Writes data sets of 100,000 and 1,000,000 goods with the generator `goodsdesk-data --count N`
// uses, into a temporary folder; imports each in a child process (its time, and its peak RSS as
// the kernel counts it); then times pages and searches across the million-goods store and its second start.
// `--quick` does the same at 10,000 and 50,000 goods (to keep it building and running in CI).
// The last line is one JSON object (keys are a contract read by checks).
// `--collections-only [--quick] [--edits N]`: only the collection figures (needs a display); N
// edits instead of 20,000, so that a profile of the run is mostly edits. `--collection-operators
// [--quick] [--operator NAME]`: each keyed operator's load and per-edit cost at 100k and 1M rows.
import DemoData
import Foundation
import GoodsDomain

/// Seconds since some fixed instant.
func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// This process's resident memory now, in MB (`VmRSS`), or 0 where /proc cannot tell.
func residentMB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
    return kilobytes / 1024
}

/// The child: imports `dataSet` into a new database at `database`; prints the seconds it took,
/// the goods imported, and its RSS with the store open afterwards (what the app keeps of the import).
func importChild(dataSet: String, database: String) -> Int32 {
    let start = now()
    do {
        let store = try GoodsStore.open(at: database, dataSet: { () throws(DataSetError) in try DataSet.load(from: URL(fileURLWithPath: dataSet)) },
                                        log: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
        let seconds = now() - start
        let count = store.goodsCount
        let resident = residentMB()
        store.close()
        print(String(format: "%.3f %d %.1f", seconds, count, resident))
        return 0
    } catch {
        FileHandle.standardError.write(Data("goodsdesk-bench: \(error)\n".utf8))
        return 1
    }
}

/// Runs this program with `arguments`; its standard output and its peak RSS in MB.
func runChild(_ arguments: [String]) -> (output: String, peakRSSMB: Double)? {
    let program = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-bench-\(getpid()).out").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, program, &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid, status == 0 else { return nil }
    let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(atPath: output)
    // ru_maxrss is in kilobytes on Linux.
    return (text.trimmingCharacters(in: .whitespacesAndNewlines), Double(usage.ru_maxrss) / 1024)
}

/// The median of `values` (0 when empty).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// The median of `runs` timings of `body`, in milliseconds.
func medianMilliseconds(runs: Int = 5, _ body: () throws -> Void) rethrows -> Double {
    var timings: [Double] = []
    for _ in 0..<runs {
        let start = now()
        try body()
        timings.append((now() - start) * 1000)
    }
    return median(timings)
}

/// Realistic searches of the generated goods: Chinese brands, items, conditions, reasons, places and
/// nicknames, and Latin (a nickname's year, a brand the set lacks), all of three characters or more.
let indexedQueries = ["华为手机", "九成新", "空气净化器", "搬家处理", "朝阳区", "的小店", "原包装还在", "雅马哈吉他", "全新未拆封", "2018", "iPhone"]
/// Two characters: scanned with LIKE. A common one (the page fills early), and one nothing holds
/// (the whole table is read).
let likeQuery = "手机", likeMissQuery = "琴弦"

/// The time of page 1 of each query, in milliseconds (median of 5 runs each).
func searchTimings(_ store: GoodsStore, _ queries: [String]) throws -> [Double] {
    try queries.map { query in
        var found = 0
        let ms = try medianMilliseconds { found = try store.search(query, page: 1, size: 20, viewer: "13800138000").hits.count }
        print(String(format: "search %@: %.3f ms (%d on page 1)", query, ms, found))
        return ms
    }
}

/// The best of `runs` timings of `body`, in milliseconds.
func bestMilliseconds(runs: Int = 5, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
        let start = now()
        try body()
        best = min(best, (now() - start) * 1000)
    }
    return best
}

struct ImportFigure {
    let count: Int
    let seconds: Double
    let peakRSSMB: Double
    let afterRSSMB: Double
}

@MainActor
func benchmark(quick: Bool) throws {
    let sizes = quick ? [10_000, 50_000] : [100_000, 1_000_000]
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-bench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: work) }
    var imports: [ImportFigure] = []
    var largest = ""
    for count in sizes {
        let folder = work.appendingPathComponent("set-\(count)")
        var options = GeneratorOptions()
        options.count = count
        options.output = folder.appendingPathComponent("dataset").path
        let generated = now()
        try DataSetWriter.write(options)
        print(String(format: "generated %d goods in %.1f s", count, now() - generated))
        let database = folder.appendingPathComponent("goodsdesk.sqlite").path
        guard let child = runChild(["--import-child", options.output, database]) else {
            throw BenchError("the import of \(count) goods failed")
        }
        let fields = child.output.split(separator: " ")
        guard fields.count == 3, let seconds = Double(fields[0]), Int(fields[1]) == count, let after = Double(fields[2]) else {
            throw BenchError("the import of \(count) goods printed \(child.output)")
        }
        imports.append(ImportFigure(count: count, seconds: seconds, peakRSSMB: child.peakRSSMB, afterRSSMB: after))
        print(String(format: "import %8d goods: %6.2f s, peak RSS %5.0f MB, %5.0f MB once done", count, seconds, child.peakRSSMB, after))
        // Only the largest store is kept for the paging figures.
        if count != sizes.last { try? FileManager.default.removeItem(at: folder) }
        largest = database
    }

    // A second start: the store as the app opens it after a clean exit.
    var store: GoodsStore?
    let reopen = try bestMilliseconds(runs: 3) {
        store?.close()
        store = try GoodsStore.open(at: largest, dataSet: { () throws(DataSetError) -> DataSet in throw DataSetError(message: "no import on a second start") }, log: { print($0) })
    }
    guard let store else { throw BenchError("the store did not open") }
    let total = store.goodsCount
    let lastPage = (total + 19) / 20
    var worstPage = 0.0
    for number in [1, lastPage / 2, lastPage - 1, lastPage] {
        let ms = try bestMilliseconds { _ = try store.page(number, size: 20, viewer: "13800138000") }
        print(String(format: "page %6d of %d: %.3f ms", number, lastPage, ms))
        worstPage = max(worstPage, ms)
    }
    let searches = try searchTimings(store, indexedQueries)
    let search = median(searches)
    let deep = try medianMilliseconds { _ = try store.search(indexedQueries[0], page: 50, size: 20, viewer: "13800138000") }
    print(String(format: "search median %.3f ms, worst %.3f ms; page 50 of %@: %.3f ms", search, searches.max() ?? 0, indexedQueries[0], deep))
    let like = try searchTimings(store, [likeQuery])[0]
    let likeMiss = try searchTimings(store, [likeMissQuery])[0]
    store.close()
    print(String(format: "second start at %d goods: %.1f ms", total, reopen))

    let collections = collectionFigures(quick: quick, edits: 20_000)
    let first = imports[0], second = imports[1]
    var json: [String: Any] = [
        "quick": quick,
        "import_100k_s": quick ? NSNull() : first.seconds,
        "import_1m_s": quick ? NSNull() : second.seconds,
        "import_peak_rss_mb": imports.map(\.peakRSSMB).max() ?? 0,
        // What the process still holds once the import is done and the store open.
        "import_rss_after_mb": imports.map(\.afterRSSMB).max() ?? 0,
        "page_1m_ms": quick ? NSNull() : worstPage,
        "reopen_1m_ms": quick ? NSNull() : reopen,
        // Page 1 of a search: the median over `indexedQueries` (each the median of 5 runs), and
        // two-character queries, scanned: a common one and one that matches nothing.
        "search_1m_ms": quick ? NSNull() : search,
        "search_like_1m_ms": quick ? NSNull() : like,
        "search_like_miss_1m_ms": quick ? NSNull() : likeMiss,
        "search_ms": search,
        "search_like_ms": like,
        // Every size run, whatever the mode: goods → seconds.
        "import_s": Dictionary(uniqueKeysWithValues: imports.map { (String($0.count), $0.seconds) }),
        "page_ms": worstPage,
    ]
    json.merge(collections) { first, _ in first }
    let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The collection figures at a million rows (a tenth when `quick`), under their contract's
/// names: the `_1m_` ones only for a million. Null when there is no display to bind to.
@MainActor
func collectionFigures(quick: Bool, edits: Int) -> [String: Any] {
    let count = quick ? 100_000 : 1_000_000
    let figures = CollectionBench.figures(count: count, edits: edits)
    for (name, value) in figures.sorted(by: { $0.key < $1.key }) { print("collection \(name) at \(count) rows: \(value)") }
    func figure(_ name: String) -> Any { figures[name] ?? NSNull() }
    return [
        "collection_rows": count,
        "collection_bind_1m_ms": quick ? NSNull() : figure("bind_ms"),
        "collection_bytes_per_row": figure("bytes_per_row"),
        "collection_edit_us": figure("edit_us"),
        "collection_splices_per_edit": figure("splices_per_edit"),
        "collection_resort_1m_ms": quick ? NSNull() : figure("resort_ms"),
        "collection_resort_apply_ms": figure("resort_apply_ms"),
        "collection_filter_1m_p95_ms": quick ? NSNull() : figure("filter_p95_ms"),
        "collection_bind_ms": figure("bind_ms"),
        "collection_resort_ms": figure("resort_ms"),
        "collection_filter_p95_ms": figure("filter_p95_ms"),
    ]
}

let arguments = Array(CommandLine.arguments.dropFirst())
/// The value after `flag`, if given.
func option(_ flag: String) -> String? {
    arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
/// The first argument this program does not take (an option's value is not one).
func unknownArgument() -> String? {
    let flags: Set<String> = ["--quick", "--collections-only", "--collection-operators"]
    let withValue: Set<String> = ["--operator", "--edits"]
    var index = 0
    while index < arguments.count {
        if withValue.contains(arguments[index]) { index += 2; continue }
        guard flags.contains(arguments[index]) else { return arguments[index] }
        index += 1
    }
    return nil
}
if arguments.first != "--import-child", let unknown = unknownArgument() {
    FileHandle.standardError.write(Data("goodsdesk-bench: unknown argument '\(unknown)'; usage: goodsdesk-bench [--quick] | --collections-only [--quick] [--edits N] | --collection-operators [--quick] [--operator NAME]\n".utf8))
    exit(2)
}
if arguments.first == "--collections-only" {
    guard let edits = Int(option("--edits") ?? "20000"), (1...10_000_000).contains(edits) else {
        FileHandle.standardError.write(Data("goodsdesk-bench: --edits takes a count from 1 to 10,000,000\n".utf8))
        exit(2)
    }
    let figures = collectionFigures(quick: arguments.contains("--quick"), edits: edits)
    if let data = try? JSONSerialization.data(withJSONObject: figures, options: [.sortedKeys]) { print(String(decoding: data, as: UTF8.self)) }
    exit(0)
}
if arguments.first == "--collection-operators" {
    // `--operator NAME`: only the operators whose name starts with NAME.
    let only = option("--operator")
    for line in CollectionOperatorBench.run(sizes: arguments.contains("--quick") ? [10_000, 100_000] : [100_000, 1_000_000], only: only) { print(line) }
    exit(0)
}
if arguments.first == "--import-child", arguments.count == 3 {
    exit(importChild(dataSet: arguments[1], database: arguments[2]))
}
do {
    try benchmark(quick: arguments.contains("--quick"))
} catch {
    FileHandle.standardError.write(Data("goodsdesk-bench: \(error)\n".utf8))
    exit(1)
}
