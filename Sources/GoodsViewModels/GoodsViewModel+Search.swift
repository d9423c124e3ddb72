import Foundation
import GoodsDomain
import Reactive

extension GoodsViewModel {
    /// Gives the goods list its search box (`search`) over `service`: results like through
    /// `likes`, report as the list's rows do (toasts), and an activated result opens its detail
    /// page as a list row does; its rows keep in step with the list's (`liveGoods`). Returns the search; asked again, the same one.
    @discardableResult
    public func enableSearch(
        _ service: any SearchService, likes: any LikeService, scheduler: any DateScheduler,
        clock: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current
    ) -> SearchViewModel {
        if let search { return search }
        let made = SearchViewModel(
            service: service, likes: likes, scheduler: scheduler, clock: clock, timeZone: timeZone, perPage: perPage, live: liveGoods,
            report: { [weak self] in self?.show($0) },
            open: { [weak self] item in self?.select(item) })
        search = made
        return made
    }
}
