import GoodsDomain
import Localization
import Reactive
import ViewModelKit

/// The first screen: the data opening, with the import's progress on a first start (a million
/// goods take seconds), then `GoodsRoutes.opened` with the store. A store that opened with
/// something to say (read-only, rebuilt) says it as a notice; one that could not open says why
/// here, and stays.
@MainActor
public final class StartViewModel: ViewModel {
    /// What is happening, in one line.
    public let heading: Property<String>
    /// The import done so far, 0…1.
    public let fraction: Property<Double>
    /// Goods imported, or why the data could not be opened.
    public let detail: Property<String>
    /// Whether opening failed (the screen then stays, with the reason in `detail`).
    public let hasFailed: Property<Bool>

    /// A start screen that, once the store is open, opens `GoodsRoutes.opened` with it in place of
    /// the whole stack; the app router builds the services and the login from there.
    public init(opening: SignalProducer<StoreOpeningEvent, StoreError>, scheduler: any Scheduler) {
        let heading = MutableProperty(tr("正在打开数据…"))
        let fraction = MutableProperty(0.0)
        let detail = MutableProperty("")
        let failed = MutableProperty(false)
        self.heading = Property(heading)
        self.fraction = Property(fraction)
        self.detail = Property(detail)
        hasFailed = Property(failed)
        super.init(title: "GoodsDesk")
        opening.observe(on: scheduler).materialize().observe(with: self) { screen, event in
            switch event {
            case .value(.checking):
                heading.value = tr("正在检查数据…")
                detail.value = tr("上次没有正常退出，正在检查数据库是否完好。")
            case let .value(.progress(progress)):
                heading.value = tr("正在导入商品…")
                fraction.value = progress.fraction
                detail.value = tr("已导入 {0} 件商品（{1}/{2} 页）", progress.goodsImported, progress.pagesRead, progress.pageCount)
            case let .value(.opened(store)):
                fraction.value = 1
                for notice in store.notices { screen.show(notice: UserMessage.notice(notice)) }
                screen.open(GoodsRoutes.opened, store, as: .replaceRoot)
            case let .failed(error):
                heading.value = tr("无法打开数据")
                detail.value = UserMessage.opening(error)
                failed.value = true
            case .completed, .interrupted:
                break
            }
        }
    }
}
