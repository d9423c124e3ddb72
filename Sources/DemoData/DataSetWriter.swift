import Foundation
import GoodsDomain

/// What to generate: the same options always write the same files.
public struct GeneratorOptions: Sendable {
    /// How many goods (default 400: the committed data set).
    public var count = 400
    /// Goods per page file.
    public var perPage = 20
    public var seed: UInt64 = 2017
    /// The folder written (default `data/dataset`).
    public var output = "data/dataset"

    public init() {}
}

/// Writes GoodsDesk's demo data set, deterministically, in the original demo's JSON format with
/// local pictures: `goodsdesk-data` writes it, and the benchmark writes large ones with it.
/// Streams: one page is in memory at a time, so a million goods take no more memory than 400.
public enum DataSetWriter {
    /// Writes the data set `options` describe; returns how many pages.
    @discardableResult
    public static func write(_ options: GeneratorOptions) throws -> Int {
        var generator = Generator(options: options)
        let root = URL(fileURLWithPath: options.output)
        let sellers = generator.sellers()
        let lastPage = (options.count + options.perPage - 1) / options.perPage

        // Start clean so that a smaller run leaves no pages of a bigger one behind.
        try? FileManager.default.removeItem(at: root.appendingPathComponent("pages"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("pages"), withIntermediateDirectories: true)
        var minutesBack = 0
        for page in 0..<lastPage {
            let indexes = (page * options.perPage)..<min(options.count, (page + 1) * options.perPage)
            let goods = indexes.map { generator.item($0, sellers: sellers, minutesBack: &minutesBack) }
            let data = try DemoFormat.encode(GoodsPage(goods: goods, currentPage: page + 1, lastPage: lastPage, perPage: options.perPage,
                                                       comments: goods.flatMap(generator.comments)),
                                             dates: generator.dates)
            try data.write(to: root.appendingPathComponent("pages/page-\(page + 1).json"))
        }
        let banners = generator.banners()
        try write(DemoFormat.encode(banners), to: "banners.json", under: root)

        for number in 1...Generator.avatarCount {
            let palette = Vocabulary.palettes[number % Vocabulary.palettes.count]
            let initial = String(Vocabulary.nicknameWords[number % Vocabulary.nicknameWords.count].prefix(1))
            try write(Data(Pictures.avatar(initial: initial, palette: palette).utf8),
                      to: "images/avatars/avatar-\(Generator.pad(number)).svg", under: root)
        }
        // The demo account's own picture (`Account.demo`), no seller's.
        try write(Data(Pictures.avatar(initial: String(Account.demo.nickname.prefix(1)), palette: Vocabulary.palettes[0]).utf8),
                  to: Account.demo.avatar ?? "images/avatars/account.svg", under: root)
        for (categoryIndex, category) in Vocabulary.categories.enumerated() {
            for number in 1...Generator.picturesPerCategory {
                let palette = Vocabulary.palettes[(categoryIndex + number) % Vocabulary.palettes.count]
                let label = category.items[number % category.items.count]
                try write(Data(Pictures.goods(label: label, variant: number, palette: palette).utf8),
                          to: "images/goods/\(categoryIndex + 1)-\(Generator.pad(number)).svg", under: root)
            }
        }
        for (index, banner) in banners.enumerated() {
            try write(Data(Pictures.banner(title: banner.title, palette: Vocabulary.palettes[index * 2 % Vocabulary.palettes.count]).utf8),
                      to: "images/banners/banner-\(index + 1).svg", under: root)
        }
        // Each banner's own page, which its link names (relative to the data set).
        for (index, banner) in banners.enumerated() {
            let page = WebPages.banner(title: banner.title, number: index + 1, image: "../images/banners/banner-\(index + 1).svg",
                                       palette: Vocabulary.palettes[index * 2 % Vocabulary.palettes.count])
            try write(Data(page.utf8), to: "web/banner-\(index + 1).html", under: root)
        }
        return lastPage
    }

    /// Writes `data` to `path` under `root`, creating folders.
    static func write(_ data: Data, to path: String, under root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }
}

/// Builds the data set's contents, one item at a time.
struct Generator {
    var random: SeededRandom
    let options: GeneratorOptions

    static let avatarCount = 48
    static let picturesPerCategory = 12
    static let sellerCount = 80
    /// Publish dates count back from here (fixed, so the output never depends on today).
    static let newest = BeijingTime.date(from: "2026-11-01 12:00:00") ?? Date(timeIntervalSince1970: 1_793_505_600)

    init(options: GeneratorOptions) {
        self.options = options
        random = SeededRandom(seed: options.seed)
    }

    mutating func sellers() -> [Seller] {
        (0..<Self.sellerCount).map { index in
            let nickname = random.pick(Vocabulary.nicknamePrefixes) + random.pick(Vocabulary.nicknameWords)
                + random.pick(Vocabulary.nicknameSuffixes)
            let avatar = random.chance(0.9) ? "images/avatars/avatar-\(Self.pad(random.int(1...Self.avatarCount))).svg" : nil
            return Seller(id: 100_001 + index, nickname: nickname, avatar: avatar, isVerified: random.chance(0.6))
        }
    }

    /// Item `index`; `minutesBack` carries the publish time from one item to the next.
    mutating func item(_ index: Int, sellers: [Seller], minutesBack: inout Int) -> Goods {
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
        // New goods are mostly 2, some 1, as in the demo's data (where any non-zero is 全新);
        // used goods are 0 and their titles say how used.
        let isNew = conditionRoll < 2 ? 2 : conditionRoll < 3 ? 1 : 0
        let place = random.pick(Vocabulary.places)
        minutesBack += random.int(3...(60 * 36))
        let pictures = Array((1...Self.picturesPerCategory).shuffled(using: &random).prefix(random.int(1...8))).map {
            GoodsImage(id: 0, location: "images/goods/\(categoryIndex + 1)-\(Self.pad($0)).svg")
        }
        let id = 3_001 + index
        return Goods(
            id: id,
            title: "\(brand)\(item)，\(isNew != 0 ? "全新未拆封" : condition)，\(random.pick(Vocabulary.selling))！",
            description: "\(brand)\(item)\(isNew != 0 ? "全新" : condition)，\(random.pick(Vocabulary.reasons))。"
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

    /// An item's three dates, as the demo's files have them: `editAt` is its `publishedAt` (what
    /// the demo shows); `createdAt` the same or earlier (about 6 in 10 listings were never edited),
    /// `updatedAt` the same or later, never after `newest`. Drawn from the item's id, not from
    /// the main stream, so they change nothing else of the data set.
    func dates(for goods: Goods) -> ListingDates {
        var history = SeededRandom(seed: options.seed &* 0x2545_F491_4F6C_DD1D ^ UInt64(truncatingIfNeeded: goods.id))
        let edited = goods.publishedAt
        let created = history.chance(0.6) ? edited : edited.addingTimeInterval(-Double(history.int(60...(90 * 86_400))))
        let touched = history.chance(0.15) ? edited : edited.addingTimeInterval(Double(history.int(60...(60 * 86_400))))
        return ListingDates(createdAt: created, editAt: edited, updatedAt: min(touched, max(edited, Self.newest)))
    }

    mutating func banners() -> [Banner] {
        Vocabulary.bannerTitles.enumerated().map { index, title in
            Banner(id: index + 1, title: title, image: "images/banners/banner-\(index + 1).svg",
                   link: "web/banner-\(index + 1).html", displayOrder: index + 1)
        }
    }

    static func pad(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
}
