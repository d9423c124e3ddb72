@testable import AppShell
import CGtk
import Foundation
import GoodsDomain
@testable import GoodsUI
import GoodsViewModels
import GtkReactive
import GtkShim
import GtkTestSupport
import PluginKit
import Reactive
import Testing
import ViewModelKit

/// The goods page's search under a display: the entry is the page's chrome (Ctrl+F), a typed
/// query puts the results in the list's place, and a result row's title has the query's
/// matches highlighted (and nothing of it is left when the row shows an item of the list).
@MainActor
@Suite("Search page", .serialized,
       .needsDisplay)
struct SearchPageTests {
    init() throws {
        try startGTK()
    }

    func goods(_ id: Int, _ title: String) -> Goods {
        Goods(id: id, title: title, description: "描述", price: id, originalPrice: 0, expressType: .free,
              expressFee: 0, count: 1, place: "杭州", publishedAt: Date(), condition: 1, images: [],
              seller: Seller(id: 1, nickname: "卖家", avatar: nil, isVerified: false),
              messages: 0, likes: 0, isLiked: false, hits: 0)
    }

    @Test func aQueryShowsResultsInTheListsPlaceWithTheMatchHighlighted() throws {
        let scheduler = TestScheduler()
        let all = [goods(1, "罗技移动电源"), goods(2, "华为手机"), goods(3, "二手罗技鼠标")]
        let store = try GoodsStore.inMemory(importing: DataSet(
            pages: [GoodsPage(goods: all, currentPage: 1, lastPage: 1, perPage: 20)], banners: []))
        let services = LocalServices(store: store, server: SimulatedServer(scheduler: scheduler), session: Session())
        let window = AppWindow(application: nil, options: .goodsDesk())
        let pictures = PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/nonexistent"))
        let context = ScreenContext(chrome: window, pictures: pictures)
        let model = GoodsViewModel(goods: services, banners: services, likes: services, session: services.session, scheduler: scheduler)
        let search = model.enableSearch(services, likes: services, scheduler: scheduler)
        let controller = GoodsListController(model, context: context)
        let binding = try #require(controller.search)

        let item = try #require(controller.chrome.item("search"))
        #expect(item.widget === binding.view.entry)
        #expect(item.accelerator == "<Control>f")
        #expect(controller.page === binding.view.page, "the page holds the list and the results")

        binding.view.entry.text = "罗技"
        #expect(search.query.value == "罗技", "the entry's text is the query")
        #expect(binding.view.searchingStatus.isVisible && binding.view.resultsArea.isVisible)
        #expect(!binding.view.listSlot.isVisible, "the results take the list's place")
        scheduler.advance(by: SearchViewModel.debounce)
        scheduler.run()
        #expect(search.items.value.map(\.id) == [1, 3])
        #expect(binding.view.scroller.isVisible && !binding.view.searchingStatus.isVisible)

        // A result's row: the list's own, its title's match bold; unbound, nothing stays.
        let hooks = SearchBinding.rows(pictures: pictures, opening: nil)
        let row = hooks.setup()
        let (scope, token) = Lifetime.make()
        hooks.bind(row, search.items.value[1], scope)
        #expect(row.title.text == "二手罗技鼠标")
        #expect(row.title.highlightedRanges == [6..<12], "罗技 after 二手 (3 bytes a character)")
        token.dispose()
        hooks.unbind(row)
        #expect(row.title.highlightedRanges.isEmpty)

        binding.view.entry.text = "zzqqxx"
        scheduler.advance(by: SearchViewModel.debounce)
        scheduler.run()
        #expect(binding.view.noResultsStatus.isVisible && !binding.view.scroller.isVisible)

        binding.view.entry.text = " "
        #expect(binding.view.listSlot.isVisible && !binding.view.resultsArea.isVisible, "a blank query: the list again")
        window.destroy()
        withExtendedLifetime(controller) {}
    }
}
