// goodsdesk — until the GTK window lands (the next step), a console run of the real stack:
// the SQLite store under XDG_DATA_HOME (imported from data/dataset on first run), the services
// with the seeds' latency (GOODSDESK_LATENCY_MS overrides it), and the login and goods-list
// view models, driven the way the window will drive them.
import Foundation
import GoodsDomain
import GoodsViewModels
import Reactive
import ViewModelKit

func say(_ line: String) { print(line) }
func warn(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }

let environment = AppEnvironment()
let store: GoodsStore
do {
    store = try GoodsStore.open(
        at: environment.databasePath,
        dataSet: { () throws(DataSetError) in try DataSet.load(from: environment.dataSetDirectory) },
        log: warn)
} catch {
    warn("goodsdesk: \(error)")
    exit(1)
}

let scheduler = QueueScheduler(targeting: .main)
let services = LocalServices(
    store: store, server: SimulatedServer(scheduler: scheduler, latency: environment.latency), session: Session())
let preferences = FilePreferences(url: environment.preferencesFile, log: warn)

let login = LoginViewModel(service: services, accounts: services, preferences: preferences) { _ in
    GoodsViewModel(goods: services, banners: services, likes: services, session: services.session, scheduler: scheduler) {
        ViewModel(title: "登录")
    }
}
login.errors.observeValues { warn("toast: \($0)") }
login.isActive = true

say("【\(login.title.value)】 手机号 \"\(login.mobilePhone.value)\"  头像 \(login.avatarURL.value ?? "(默认)")")
login.fill()
say("填充 → 手机号 \(login.mobilePhone.value)  验证码 \(login.verifyCode.value)  登录 \(login.isLoginEnabled.value ? "可用" : "不可用")")
let requests = login.navigation.values
login.submit()
say(login.login.isExecuting.value ? "Loading..." : "")

var goods: GoodsViewModel?
for await request in requests {
    if case let .resetToRoot(next) = request { goods = next as? GoodsViewModel }
    break
}
guard let goods else {
    warn("goodsdesk: login did not reach the goods list")
    exit(1)
}
login.isActive = false
goods.isActive = true
goods.notices.observeValues { say("toast: \($0)") }
goods.errors.observeValues { warn("toast: \($0)") }
goods.refreshAll()
for await items in goods.items.values where !items.isEmpty { break }

say("【\(GoodsViewModel.sectionTitle)】 \(goods.banners.value.count) 个广告，第 \(goods.loadedPage.value) 页 / 共 \(goods.lastPage.value ?? 0) 页")
for row in goods.items.value.prefix(3) {
    say("  \(row.nickname)\(row.isVerified ? " ✓" : "")  \(row.publishTime)  \(row.price ?? "")  \(row.originalPrice ?? "")  \(row.freightExplain)  \(row.count)")
    say("  \(row.isBrandNew ? "[全新] " : "")\(row.title)  — \(row.place)  ♥ \(row.likes.value)")
}
if let first = goods.items.value.first {
    let notices = goods.notices.values
    first.like.apply().start()
    for await _ in notices { break }
    say("  ♥ \(first.likes.value) (\(first.isLiked.value ? "已收藏" : "未收藏"))")
}
