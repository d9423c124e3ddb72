import Foundation
import GoodsDomain
import Reactive
import ViewModelKit
import Localization

/// A page listing some of the goods, paged, with the goods list's own rows (`GoodsItemViewModel`:
/// the same texts, like and reply button): what the seller and place pages share. A row opens its
/// detail page, seller, place and comments as the list's rows do; likes report as toasts.
@MainActor
public class GoodsListPageViewModel: PagedListViewModel<GoodsItemViewModel>, GoodsRowNavigating {
    /// The footer's text, the goods list's (正在加载更多的数据... / 点击或上拉加载更多 / 已经到底了).
    public private(set) lazy var footerText: Property<String> = footer.map { GoodsViewModel.footerText($0) }.skipRepeats()
    /// Whether the footer is the 点击或上拉加载更多 button (more pages, none loading).
    public private(set) lazy var footerLoadsMore: Property<Bool> = footer.map { $0 == .loadMore }.skipRepeats()
    /// Whether the page has loaded and holds nothing (its status page shows).
    public private(set) lazy var isEmpty: Property<Bool> = Property.combineLatest(items.map { $0.isEmpty }, lastPage)
        .map { isEmpty, lastPage in isEmpty && lastPage != nil }.skipRepeats()
    /// Whether the view shows its last screen or so: the view binds it; near the end, with more
    /// pages, the next one loads.
    public let isNearEnd = MutableProperty(false)

    /// A page titled `title` over `fetch(page, size)`; its rows like through `likes` and keep in
    /// step with the same items' rows elsewhere through `live`.
    /// - Parameters:
    ///   - clock: the current time, for publish times.
    public init(
        title: String, likes: any LikeService, clock: @escaping @Sendable () -> Date = Date.init,
        timeZone: TimeZone = .current, perPage: Int = 20, live: LiveGoods? = nil,
        fetch: @escaping @Sendable (_ page: Int, _ size: Int) -> SignalProducer<GoodsPage, ServiceError>
    ) {
        let (reports, reportInput) = Signal<GoodsItemViewModel.Report, Never>.pipe()
        super.init(title: title, perPage: perPage, fetch: GoodsRowPages.fetch(
            fetch, likes: likes, clock: clock, timeZone: timeZone, live: live, report: { reportInput.send(value: $0) }))
        GoodsRowPages.keepInStep(list, with: live, during: lifetime)
        reports.observe(with: self) { $0.show($1) }
        withExtendedLifetime(reportInput) {}
        didBecomeActive.observe(with: self) { $0.loadFirstPageIfNeeded() }
        loadNextPage(whenNearEnd: Property(capturing: isNearEnd))
    }

    /// The first load, unless something is loaded or loading (each time the page becomes active;
    /// a page shown in a window that is not active calls it itself).
    public func loadFirstPageIfNeeded() {
        reloadUnlessLoaded()
    }

    /// Opens the detail page of the row at `position`; nothing for a position without an item.
    public func select(at position: Int) {
        guard let item = items.value.element(at: position) else { return }
        open(GoodsRoutes.detail, item)
    }
}

/// The goods one seller lists (the demo's page from a row's avatar or nickname), titled with the
/// seller's nickname.
@MainActor
public final class SellerGoodsViewModel: GoodsListPageViewModel {
    public let seller: Seller

    public init(
        seller: Seller, goods: any SellerGoodsService, likes: any LikeService,
        clock: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current, perPage: Int = 20,
        live: LiveGoods? = nil
    ) {
        self.seller = seller
        let id = seller.id
        super.init(title: seller.nickname, likes: likes, clock: clock, timeZone: timeZone, perPage: perPage, live: live) { page, size in
            goods.goods(bySeller: id, page: page, size: size)
        }
    }
}

/// The goods at one place (the demo's page from a row's place), titled with the place.
@MainActor
public final class PlaceGoodsViewModel: GoodsListPageViewModel {
    public let place: String

    public init(
        place: String, goods: any PlaceGoodsService, likes: any LikeService,
        clock: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current, perPage: Int = 20,
        live: LiveGoods? = nil
    ) {
        self.place = place
        super.init(title: place, likes: likes, clock: clock, timeZone: timeZone, perPage: perPage, live: live) { page, size in
            goods.goods(atPlace: place, page: page, size: size)
        }
    }
}
