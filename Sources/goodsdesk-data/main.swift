// goodsdesk-data: writes GoodsDesk's data set, deterministically, in the original demo's JSON
// format with local pictures.
//
//   swift run goodsdesk-data                       # data/dataset: 20 pages of 20 (committed)
//   swift run goodsdesk-data --count 100000 --output /tmp/big   # a large set for benchmarks
//
// Options: --count N (goods, default 400), --per-page N (default 20), --seed N (default 2017),
// --output DIR (default data/dataset). The same options always write the same files.
import DemoData
import Foundation

struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

func parse(_ arguments: [String]) -> Result<GeneratorOptions, UsageError> {
    var options = GeneratorOptions()
    var rest = arguments[...]
    while let flag = rest.popFirst() {
        guard let value = rest.popFirst() else { return .failure(UsageError("\(flag) needs a value")) }
        switch flag {
        case "--count":
            guard let count = Int(value), (1...100_000_000).contains(count) else { return .failure(UsageError("--count must be a number from 1 to 100000000")) }
            options.count = count
        case "--per-page":
            guard let perPage = Int(value), (1...10_000).contains(perPage) else { return .failure(UsageError("--per-page must be a number from 1 to 10000")) }
            options.perPage = perPage
        case "--seed":
            guard let seed = UInt64(value) else { return .failure(UsageError("--seed must be a non-negative number")) }
            options.seed = seed
        case "--output":
            options.output = value
        default:
            return .failure(UsageError("unknown option \(flag)"))
        }
    }
    return .success(options)
}

switch parse(Array(CommandLine.arguments.dropFirst())) {
case let .failure(error):
    FileHandle.standardError.write(Data("goodsdesk-data: \(error.message)\nusage: goodsdesk-data [--count N] [--per-page N] [--seed N] [--output DIR]\n".utf8))
    exit(2)
case let .success(options):
    do {
        let pages = try DataSetWriter.write(options)
        print("goodsdesk-data: wrote \(options.count) goods in \(pages) pages, banners and pictures to \(options.output)")
    } catch {
        FileHandle.standardError.write(Data("goodsdesk-data: cannot write the data set: \(error.localizedDescription)\n".utf8))
        exit(1)
    }
}
