import Foundation
import GoodsDomain
import Reactive
import ViewModelKit
import Localization

/// The goods list (the seeds' home view model): banners with an auto-advancing carousel, the
/// paged list of rows, refresh, load more, logout and row selection.
@MainActor
public final class GoodsViewModel: PagedListViewModel<GoodsItemViewModel> {
    /// The section title above the list.
    public static var sectionTitle: String { tr("推荐商品") }
    /// The route a selected row opens (provided by a plugin): `GoodsRoutes.detail`'s name.
    public static let detailRoute = GoodsRoutes.detail.name
    /// How often the carousel advances while the screen is active.
    public static let bannerInterval: Duration = .seconds(5)

    /// The carousel's banners. Changes only when the banners do: a carousel tick moves
    /// `bannerIndex` alone, so the view keeps its decoded pictures.
    public let banners: Property<[Banner]>
    /// The banner on show; changes only when it does.
    public let bannerIndex: Property<Int>
    /// Loads the banners.
    public let loadBanners: Action<Void, [Banner], ServiceError>
    /// The session's changed goods: the list's rows follow it, and so do the same items' rows on
    /// other screens (its search results, the seller and place pages); nil: on their own.
    public let liveGoods: LiveGoods?
    /// Whether someone holds the banner (its keyboard focus or the pointer on it): the carousel
    /// does not advance by itself meanwhile, so it can be read (WCAG 2.2.2). Bound from the view.
    public let isBannerHeld = MutableProperty(false)
    /// The carousel dots' accessible names, one per banner: 第1个广告, 第2个广告…
    public let bannerNames: Property<[String]>
    /// The list footer's text, MJRefresh's as in the demo: 点击或上拉加载更多 while more pages
    /// remain (a button then: see `footerLoadsMore`), 正在加载更多的数据... while a page loads,
    /// 已经到底了 after the last one; nothing before a load, or while a failed page offers 重试.
    public private(set) lazy var footerText: Property<String> = footerContent.map(\.text).skipRepeats()
    /// Whether the footer is the 点击或上拉加载更多 button (rows show, more pages remain, none
    /// loads and none failed): pressing it runs `loadMore`, as scrolling to the end does.
    public private(set) lazy var footerLoadsMore: Property<Bool> = footerContent.map(\.loadsMore).skipRepeats()
    /// The footer's text and kind at once (what the view binds: the two never disagree).
    public private(set) lazy var footerContent: Property<GoodsFooter> = Property.combineLatest(
        footer, offersRetryInFooter, items.map { $0.isEmpty }
    ).map { footer, offersRetry, isEmpty in
        GoodsFooter(text: GoodsViewModel.footerText(footer, offersRetry: offersRetry),
                    loadsMore: footer == .loadMore && !offersRetry && !isEmpty)
    }.skipRepeats()
    /// Whether the 推荐商品 section header shows: only above rows, as the demo's (hidden while
    /// the list is empty, loading or failed).
    public private(set) lazy var showsSectionHeader: Property<Bool> = items.map { !$0.isEmpty }.skipRepeats()
    /// Whether the banner area shows: only once banners arrived, so no empty band stands in
    /// for them before (or when there are none).
    public private(set) lazy var showsBanners: Property<Bool> = banners.map { !$0.isEmpty }.skipRepeats()
    /// Whether the list shows its last screen or so: the view binds it (from its scrolled
    /// window). Near the end, with more pages and none loading, the next page loads (see
    /// `nearEndGrace`); this one rule is what keeps a list resting at its end from stalling.
    public let isNearEnd = MutableProperty(false)
    /// How long the near-end state is not trusted after the items changed: it describes the
    /// list before the change until the view has laid the new rows out and reported again (it
    /// reports changes only, so a list still too short to fill the view sends nothing: after
    /// this long, the state is taken as current).
    public nonisolated static let nearEndGrace: Duration = .milliseconds(250)

    /// The banners' titles, by position: what each carousel page says to screen readers.
    public let bannerTitles: Property<[String]>
    /// The title of the banner on show (empty without banners): the 广告 button's description.
    public let bannerTitle: Property<String>
    /// What the list's area shows: a spinner while the first page loads, 没有商品 for a data
    /// source without goods, an error with 重试 when the first page failed, else the rows.
    public private(set) lazy var listState: Property<GoodsListState> = Property.combineLatest(
        items.map { $0.isEmpty }, footer, failure
    ).map { isEmpty, footer, failure in GoodsViewModel.listState(isEmpty: isEmpty, footer: footer, failure: failure) }.skipRepeats()
    /// Whether the footer offers 重试: a load failed while rows show (a later page, or a
    /// refresh); the rows stay.
    public private(set) lazy var offersRetryInFooter: Property<Bool> = Property.combineLatest(items.map { $0.isEmpty }, failure)
        .map { isEmpty, failure in !isEmpty && failure != nil }.skipRepeats()
    /// Runs the load that failed again: page 1 (and the banners, if none came) when the first
    /// page failed, else the next page. Enabled while a failure shows; its errors show as the
    /// failed load's do (a toast, and the status page or the footer's 重试 again).
    public private(set) lazy var retry: Action<Void, Void, PageLoadError> = {
        let failure = self.failure
        let refresh = self.refresh
        let loadMore = self.loadMore
        let loadBanners = self.loadBanners
        let banners = self.banners
        let lifetime = self.lifetime
        return Action(enabledIf: failure.map { $0 != nil }) { _ in
            guard let failed = failure.value else { return .empty }
            if failed.isFirstPage, banners.value.isEmpty {
                loadBanners.apply().take(during: lifetime).start()
            }
            return (failed.isFirstPage ? refresh : loadMore).apply()
                .map { _ in () }
                .flatMapError { error -> SignalProducer<Void, PageLoadError> in
                    switch error {
                    case .disabled: return .empty
                    case let .producerFailed(reason): return SignalProducer(error: reason)
                    }
                }
        }
    }()
    /// The error status page's text: why the first page did not load (empty otherwise).
    public let failureText: Property<String>

    /// The header's search box, when the list was given a search service (`enableSearch`):
    /// while its query is not empty, its results show in the list's place.
    public internal(set) var search: SearchViewModel?

    /// The load that failed last, until the next load starts.
    private let failure = MutableProperty<LoadFailure?>(nil)

    private let bannerState = MutableProperty((banners: [Banner](), index: 0))
    /// Counts the user's moves of the carousel: each one starts its interval afresh.
    private let bannerMoves = MutableProperty(0)
    private let session: Session

    /// The goods list for the logged-in user. Logging out opens `GoodsRoutes.login` in place of
    /// the whole stack, and a selected row opens `GoodsRoutes.detail`; the app router and the
    /// plugins build those screens.
    /// - Parameters:
    ///   - scheduler: drives the carousel (the main loop; virtual time in tests).
    ///   - clock: the current time, for publish times.
    public init(
        goods: any GoodsService, banners bannerService: any BannerService, likes: any LikeService,
        session: Session, scheduler: any DateScheduler, clock: @escaping @Sendable () -> Date = Date.init,
        timeZone: TimeZone = .current, perPage: Int = 20, live: LiveGoods? = nil
    ) {
        liveGoods = live
        let (reports, reportInput) = Signal<GoodsItemViewModel.Report, Never>.pipe()
        let state = bannerState
        banners = state.map { $0.banners }.skipRepeats()
        bannerNames = banners.map { banners in banners.indices.map { GoodsViewModel.bannerName(at: $0) } }.skipRepeats()
        bannerIndex = state.map { $0.index }.skipRepeats()
        bannerTitles = banners.map { $0.map(\.title) }.skipRepeats()
        bannerTitle = state.map { $0.banners.indices.contains($0.index) ? $0.banners[$0.index].title : "" }.skipRepeats()
        let failure = self.failure
        failureText = failure.map { $0?.message ?? "" }.skipRepeats()
        loadBanners = Action { _ in
            bannerService.banners().on(value: { loaded in
                state.modify { $0 = (loaded, min($0.index, max(0, loaded.count - 1))) }
            })
        }
        self.session = session
        super.init(title: tr("首页"), perPage: perPage, fetch: GoodsRowPages.fetch(
            { goods.page($0, size: $1) }, likes: likes, clock: clock, timeZone: timeZone, live: live,
            report: { reportInput.send(value: $0) }))
        GoodsRowPages.keepInStep(list, with: live, during: lifetime)
        reports.observe(with: self) { $0.show($1) }
        loadBanners.errors.observe(with: self) { $0.show($1) }
        // The carousel's tick: every `bannerInterval` while the screen is active and nobody holds
        // the banner, counted afresh from the last move the user made.
        let interval = Self.bannerInterval
        forwardWhileActive(SignalProducer.combineLatest(isBannerHeld.producer.skipRepeats(), bannerMoves.producer)
            .flatMap(.latest) { held, _ in held ? .empty : SignalProducer.timer(every: interval, on: scheduler).map { _ in () } })
            .startWithValues { _ in
                state.modify { current in
                    guard !current.banners.isEmpty else { return }
                    current.index = (current.index + 1) % current.banners.count
                }
            }
        withExtendedLifetime(reportInput) {}
        refresh.errors.take(during: lifetime).observeValues { failure.value = LoadFailure(message: $0.userMessage ?? "", isFirstPage: true) }
        loadMore.errors.take(during: lifetime).observeValues { failure.value = LoadFailure(message: $0.userMessage ?? "", isFirstPage: false) }
        footer.signal.filter { $0 == .loading }.take(during: lifetime).observeValues { _ in failure.value = nil }
        didBecomeActive.observe(with: self) { $0.loadFirstPageIfNeeded() }
        loadNearTheEnd(scheduler: scheduler)
    }

    /// What the list's area shows for: whether no rows are loaded, the footer's state and the
    /// load that failed last.
    nonisolated static func listState(isEmpty: Bool, footer: FooterState, failure: LoadFailure?) -> GoodsListState {
        if !isEmpty { return .showing }
        if let failure { return .failed(failure.message) }
        switch footer {
        case .noMore, .loadMore: return .empty
        case .idle, .loading: return .loading
        }
    }

    /// 点击或上拉加载更多 / 正在加载更多的数据... / 已经到底了 / nothing, for a footer state
    /// (MJRefresh's strings, as the demo's footer). On the last page the demo hides its footer;
    /// GoodsDesk says 已经到底了, so a list resting at its end on a desktop (no pull gesture, no
    /// bounce) does not look as if it were still to load. Nothing while 重试 is offered: that
    /// button says what to do.
    nonisolated static func footerText(_ state: FooterState, offersRetry: Bool = false) -> String {
        switch state {
        case .loading: return tr("正在加载更多的数据...")
        case .noMore: return tr("已经到底了")
        case .loadMore: return offersRetry ? "" : tr("点击或上拉加载更多")
        case .idle: return ""
        }
    }

    /// 第N个广告 for the dot at `index` (from 0). The catalogue's msgid keeps the C format the
    /// UI tests look up.
    nonisolated static func bannerName(at index: Int) -> String {
        tr("第%u个广告").replacingOccurrences(of: "%u", with: String(index + 1))
    }

    /// The screen's first load: banners and page 1, unless something is loaded or loading. It
    /// runs each time the view model becomes active (so also again after a first load that
    /// failed); a screen shown in a window that has never been active calls it itself.
    public func loadFirstPageIfNeeded() {
        guard items.value.isEmpty, footer.value != .loading else { return }
        refreshAll()
    }

    /// The one rule that loads more: the next page loads whenever the view is near the end,
    /// more pages exist and none is loading. A near-end state from before the items changed
    /// waits until the view reports again or `nearEndGrace` passes; a load that starts (and
    /// so one that fails) waits for the next report too, so a failing page is not retried in
    /// a loop while the view rests at the end.
    private func loadNearTheEnd(scheduler: any DateScheduler) {
        // What the view last said, and whether it still holds; changed as one value, so the
        // rule never sees one half updated and the other not.
        let nearEnd = MutableProperty((isNear: false, isCurrent: true))
        let grace = SerialDisposable()
        lifetime += grace
        isNearEnd.producer.take(during: lifetime).startWithValues { isNear in
            grace.inner = nil
            nearEnd.value = (isNear, true)
        }
        items.signal.take(during: lifetime).observeValues { _ in
            nearEnd.modify { $0.isCurrent = false }
            grace.inner = scheduler.schedule(after: GoodsViewModel.nearEndGrace) { nearEnd.modify { $0.isCurrent = true } }
        }
        footer.signal.filter { $0 == .loading }.take(during: lifetime).observeValues { _ in
            nearEnd.modify { $0.isCurrent = false }
        }
        let loadMore = self.loadMore
        let lifetime = self.lifetime
        nearEnd.combineLatest(with: footer).producer
            .filter { $0.0.isNear && $0.0.isCurrent && $0.1 == .loadMore }
            .take(during: lifetime)
            .startWithValues { _ in loadMore.apply().take(during: lifetime).start() }
    }

    /// Opens the detail page of the row at `position` (a row was activated); nothing for a
    /// position without an item.
    public func select(at position: Int) {
        guard let item = items.value.element(at: position) else { return }
        select(item)
    }

    /// Reloads the banners and page 1 (the Refresh button, Ctrl+R, F5, first show).
    public func refreshAll() {
        loadBanners.apply().take(during: lifetime).start()
        reload()
    }

    /// Shows the banner at `index` (a dot was clicked, or the user swiped the carousel to it);
    /// an index out of range, or the banner already shown, changes nothing.
    public func showBanner(at index: Int) {
        bannerState.modify { current in
            guard current.banners.indices.contains(index) else { return }
            current.index = index
        }
        bannerMoves.value += 1
    }

    /// Shows the banner `offset` places from the one showing (the arrow keys), wrapping round as
    /// the 5 s tick does; false when there is no banner to move to.
    @discardableResult
    public func showBanner(movingBy offset: Int) -> Bool {
        var moved = false
        bannerState.modify { current in
            let count = current.banners.count
            guard count > 1 else { return }
            current.index = ((current.index + offset) % count + count) % count
            moved = true
        }
        if moved { bannerMoves.value += 1 }
        return moved
    }

    /// The banner a click on the carousel opens, if it has a link.
    public var currentBannerLink: String? {
        let current = bannerState.value
        return current.banners.indices.contains(current.index) ? current.banners[current.index].link : nil
    }

    /// Whether a screen provides `GoodsRoutes.web` (the app router asks its plugin registry);
    /// false by default: banners then go to the desktop's browser.
    public var hasWebPageScreen: @MainActor () -> Bool = { false }

    /// Web addresses for the desktop's browser: a banner's `http`/`https` link, clicked while
    /// no screen provides `GoodsRoutes.web` (the controller hands them to the window).
    public var browserLinks: Signal<String, Never> { browserLinkPipe.output }
    private let browserLinkPipe = Signal<String, Never>.pipe()

    /// Opens the banner on show (a click on the carousel): its page in the app when a screen
    /// provides `GoodsRoutes.web`; else a web address in the desktop's browser, and a page of
    /// the data set (which only the in-app page may show) says why it does not open.
    public func openBanner() {
        let current = bannerState.value
        guard current.banners.indices.contains(current.index) else { return }
        let banner = current.banners[current.index]
        guard let link = banner.link, !link.isEmpty else { return }
        let page = WebPage(address: link, title: banner.title)
        if hasWebPageScreen() {
            open(GoodsRoutes.web, page)
        } else if page.isWebAddress {
            browserLinkPipe.input.send(value: link)
        } else {
            show(notice: tr("这个广告的页面需要网页插件才能打开"))
        }
    }

    /// Asks to open the detail page of `item`; the request carries the row's view model itself,
    /// so a like on the detail page is the row's like.
    public func select(_ item: GoodsItemViewModel) {
        open(GoodsRoutes.detail, item)
    }

    /// Asks the user to confirm logging out (`logout()`); the view answers, with a dialog.
    public private(set) lazy var confirmLogout = Interaction<ConfirmationQuestion, Bool>("confirmLogout", during: lifetime)

    /// The logout question: headed 注销？, its destructive button says what it does (注销).
    public static var logoutQuestion: ConfirmationQuestion {
        ConfirmationQuestion(title: tr("注销？"), message: tr("确定要注销当前用户吗?"), confirmTitle: tr("注销"), cancelTitle: tr("取消"))
    }

    /// Asks `confirmLogout` first; if the user agrees, ends the session and returns to login.
    /// The task answers whether it logged out, or why nobody answered (no handler, or the
    /// screen closed first): then nothing happens. It does not keep the view model alive.
    @discardableResult
    public func logout() -> Task<Result<Bool, InteractionError>, Never> {
        let confirmLogout = self.confirmLogout
        return Task { [weak self] in
            do throws(InteractionError) {
                guard try await confirmLogout.ask(Self.logoutQuestion), let self else { return .success(false) }
                session.account.value = nil
                open(GoodsRoutes.login, as: .replaceRoot)
                return .success(true)
            } catch {
                return .failure(error)
            }
        }
    }
}

/// A load that failed: why, and whether it was page 1 (a refresh) or a later page.
struct LoadFailure: Sendable, Equatable {
    var message: String
    var isFirstPage: Bool
}
