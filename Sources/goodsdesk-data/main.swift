// goodsdesk-data: writes GoodsDesk's data set, deterministically, in the original demo's JSON
// format with local pictures.
//
//   swift run goodsdesk-data                       # data/dataset: 20 pages of 20 (committed)
//   swift run goodsdesk-data --count 100000 --output /tmp/big   # a large set for benchmarks
//
// Options: --count N (goods, default 400), --per-page N (default 20), --seed N (default 2017),
// --output DIR (default data/dataset). The same options always write the same files.
import Foundation
import GoodsDomain

struct Options {
    var count = 400
    var perPage = 20
    var seed: UInt64 = 2017
    var output = "data/dataset"

    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        var options = Options()
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { return .failure(UsageError("\(flag) needs a value")) }
            switch flag {
            case "--count":
                guard let count = Int(value), count > 0 else { return .failure(UsageError("--count must be a positive number")) }
                options.count = count
            case "--per-page":
                guard let perPage = Int(value), perPage > 0 else { return .failure(UsageError("--per-page must be a positive number")) }
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
}

struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Builds the data set's contents.
struct Generator {
    var random: SeededRandom
    let options: Options

    static let avatarCount = 48
    static let picturesPerCategory = 12
    static let sellerCount = 80
    /// Publish dates count back from here (fixed, so the output never depends on today).
    static let newest = BeijingTime.date(from: "2026-11-01 12:00:00") ?? Date(timeIntervalSince1970: 1_793_505_600)

    init(options: Options) {
        self.options = options
        random = SeededRandom(seed: options.seed)
    }

    mutating func sellers() -> [Seller] {
        (0..<Self.sellerCount).map { index in
            let nickname = random.pick(Vocabulary.nicknamePrefixes) + random.pick(Vocabulary.nicknameWords)
                + random.pick(Vocabulary.nicknameSuffixes)
            let avatar = random.chance(0.9) ? "images/avatars/avatar-\(pad(random.int(1...Self.avatarCount))).svg" : nil
            return Seller(id: 100_001 + index, nickname: nickname, avatar: avatar, isVerified: random.chance(0.6))
        }
    }

    mutating func goods(sellers: [Seller]) -> [Goods] {
        var minutesBack = 0
        return (0..<options.count).map { index in
            let categoryIndex = random.int(0...(Vocabulary.categories.count - 1))
            let category = Vocabulary.categories[categoryIndex]
            let item = random.pick(category.items)
            let brand = random.pick(category.brands)
            let condition = random.pick(Vocabulary.conditions)
            let price = random.int(category.priceRange)
            let originalPrice = random.chance(0.7) ? price * random.int(12...30) / 10 : 0
            let expressRoll = random.int(0...9)
            let expressType: ExpressType = expressRoll < 5 ? .free : expressRoll < 8 ? .fee : .negotiable
            let conditionRoll = random.int(0...9)
            let isNew = conditionRoll < 3 ? 2 : conditionRoll < 9 ? 1 : 0
            let place = random.pick(Vocabulary.places)
            minutesBack += random.int(3...(60 * 36))
            let pictures = Array((1...Self.picturesPerCategory).shuffled(using: &random).prefix(random.int(1...8))).map {
                GoodsImage(id: 0, location: "images/goods/\(categoryIndex + 1)-\(pad($0)).svg")
            }
            let id = 3_001 + index
            return Goods(
                id: id,
                title: "\(brand)\(item)，\(isNew == 2 ? "全新未拆封" : condition)，\(random.pick(Vocabulary.selling))！",
                description: "\(brand)\(item)\(isNew == 2 ? "全新" : condition)，\(random.pick(Vocabulary.reasons))。"
                    + Vocabulary.details.shuffled(using: &random).prefix(2).joined(),
                price: price, originalPrice: originalPrice, expressType: expressType,
                expressFee: expressType == .fee ? random.pick([5, 6, 8, 10, 12, 15, 20]) : 0,
                count: random.chance(0.8) ? 1 : random.int(2...5),
                place: "\(place.city) \(random.pick(place.districts))",
                publishedAt: Self.newest.addingTimeInterval(-Double(minutesBack * 60)),
                condition: isNew,
                images: pictures.enumerated().map { GoodsImage(id: id * 10 + $0.offset, location: $0.element.location) },
                seller: random.pick(sellers), messages: random.chance(0.6) ? 0 : random.int(1...9),
                likes: random.int(0...99), isLiked: false, hits: random.int(10...2000))
        }
    }

    mutating func banners() -> [Banner] {
        Vocabulary.bannerTitles.enumerated().map { index, title in
            Banner(id: index + 1, title: title, image: "images/banners/banner-\(index + 1).svg",
                   link: "https://github.com/topics/mvvm?goodsdesk-banner=\(index + 1)", displayOrder: index + 1)
        }
    }

    func pad(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
}

/// Writes `text` to `path` under `root`, creating folders.
func write(_ data: Data, to path: String, under root: URL) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url, options: .atomic)
}

func run(_ options: Options) throws {
    var generator = Generator(options: options)
    let root = URL(fileURLWithPath: options.output)
    let sellers = generator.sellers()
    let goods = generator.goods(sellers: sellers)
    let banners = generator.banners()
    let lastPage = (goods.count + options.perPage - 1) / options.perPage

    // Start clean so that a smaller run leaves no pages of a bigger one behind.
    try? FileManager.default.removeItem(at: root.appendingPathComponent("pages"))
    for page in 0..<lastPage {
        let slice = Array(goods[(page * options.perPage)..<min(goods.count, (page + 1) * options.perPage)])
        let data = try DemoFormat.encode(GoodsPage(goods: slice, currentPage: page + 1, lastPage: lastPage, perPage: options.perPage))
        try write(data, to: "pages/page-\(page + 1).json", under: root)
    }
    try write(DemoFormat.encode(banners), to: "banners.json", under: root)

    for number in 1...Generator.avatarCount {
        let palette = Vocabulary.palettes[number % Vocabulary.palettes.count]
        let initial = String(Vocabulary.nicknameWords[number % Vocabulary.nicknameWords.count].prefix(1))
        try write(Data(Pictures.avatar(initial: initial, palette: palette).utf8),
                  to: "images/avatars/avatar-\(generator.pad(number)).svg", under: root)
    }
    for (categoryIndex, category) in Vocabulary.categories.enumerated() {
        for number in 1...Generator.picturesPerCategory {
            let palette = Vocabulary.palettes[(categoryIndex + number) % Vocabulary.palettes.count]
            let label = category.items[number % category.items.count]
            try write(Data(Pictures.goods(label: label, variant: number, palette: palette).utf8),
                      to: "images/goods/\(categoryIndex + 1)-\(generator.pad(number)).svg", under: root)
        }
    }
    for (index, banner) in banners.enumerated() {
        try write(Data(Pictures.banner(title: banner.title, palette: Vocabulary.palettes[index * 2 % Vocabulary.palettes.count]).utf8),
                  to: "images/banners/banner-\(index + 1).svg", under: root)
    }
    print("goodsdesk-data: wrote \(goods.count) goods in \(lastPage) pages, \(banners.count) banners and pictures to \(root.path)")
}

switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case let .failure(error):
    FileHandle.standardError.write(Data("goodsdesk-data: \(error.message)\nusage: goodsdesk-data [--count N] [--per-page N] [--seed N] [--output DIR]\n".utf8))
    exit(2)
case let .success(options):
    do {
        try run(options)
    } catch {
        FileHandle.standardError.write(Data("goodsdesk-data: cannot write the data set: \(error.localizedDescription)\n".utf8))
        exit(1)
    }
}
