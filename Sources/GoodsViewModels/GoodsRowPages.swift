import Foundation
import GoodsDomain
import Reactive
import ViewModelKit

/// How a screen listing goods turns the pages a service answers into pages of rows: each item
/// a `GoodsItemViewModel` liking through `likes`, its publish time read against the clock when
/// the page came, in step with its rows elsewhere through `live`, reporting through `report`.
/// The goods list and the seller and place pages share it.
enum GoodsRowPages {
    static func fetch(
        _ goods: @escaping @Sendable (_ page: Int, _ size: Int) -> SignalProducer<GoodsPage, ServiceError>,
        likes: any LikeService, clock: @escaping @Sendable () -> Date, timeZone: TimeZone, live: LiveGoods?,
        report: @escaping @Sendable (GoodsItemViewModel.Report) -> Void
    ) -> @Sendable (_ page: Int, _ size: Int) -> SignalProducer<Page<GoodsItemViewModel>, PageLoadError> {
        { page, size in
            let publishTime = PublishTime(now: clock(), timeZone: timeZone)
            return goods(page, size)
                .map { loaded in
                    Page(items: loaded.goods.map {
                        GoodsItemViewModel(goods: $0, likes: likes, publishTime: publishTime, live: live, report: report)
                    }, number: loaded.currentPage, lastPage: loaded.lastPage)
                }
                .mapError { PageLoadError($0) }
        }
    }

    /// Keeps `list`'s rows in step with the session's changed goods (`live`) while `lifetime` lasts.
    static func keepInStep(_ list: PagedList<GoodsItemViewModel>, with live: LiveGoods?, during lifetime: Lifetime) {
        live?.keepInStep({ id in list.items.value.filter { $0.id == id } }, during: lifetime)
    }
}

extension ViewModel {
    /// Shows what a row reported: a notice or an error, as a toast of this screen.
    public nonisolated func show(_ report: GoodsItemViewModel.Report) {
        switch report {
        case let .notice(message): show(notice: message)
        case let .error(error): show(error)
        }
    }
}
