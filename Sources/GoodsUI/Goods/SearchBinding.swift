import GoodsViewModels
import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// Binds the goods page's search (`SearchViewManager`) to its `SearchViewModel`, on the
/// controller's side: the entry's text both ways, the results in the goods list's place while a
/// query is typed, the rows as the list's own (`GoodsRowBinding`) with their title's matches
/// highlighted, Escape clearing the query and Enter taking the focus to the results. It binds;
/// it does not compute.
@MainActor
final class SearchBinding: LifetimeOwning {
    let view: SearchViewManager
    /// The entry in the header bar's end, Ctrl+F focusing it.
    let chromeItem: ChromeItem
    private let search: SearchViewModel
    /// The goods list's widgets, which take the focus back when the query goes.
    private let list: GoodsListViewManager

    /// The search view's: its bindings end with it.
    var lifetime: Lifetime { view.lifetime }

    init(search: SearchViewModel, list: GoodsListViewManager, pictures: PictureLocator, opening screen: (any GoodsRowNavigating)?) {
        let view = SearchViewManager(listPage: list.page)
        self.view = view
        self.search = search
        self.list = list
        let lifetime = view.lifetime
        chromeItem = ChromeItem(id: "search", place: .headerEnd, widget: view.entry,
                                accessibleName: SearchViewModel.placeholder, accelerator: Self.accelerator)

        view.entry.reactive.text <~> search.query
        // Escape: the query goes and the list takes the focus back (GTK keeps the key from the
        // window, so it does not also go back a screen).
        view.entry.reactive.stopSearch.observe(with: self) {
            $0.search.clear()
            _ = $0.list.list.grabFocus()
        }
        // Enter: to the first result.
        view.entry.reactive.activated.observe(with: self) {
            guard $0.view.scroller.isVisible else { return }
            _ = $0.view.list.grabFocus()
        }

        let state = search.state
        view.listSlot.reactive.isVisible <~ state.map { $0 == .idle }
        view.resultsArea.reactive.isVisible <~ state.map { $0 != .idle }
        view.searchingStatus.reactive.isVisible <~ state.map { $0 == .searching }
        view.searchingSpinner.reactive.isSpinning <~ state.map { $0 == .searching }
        view.noResultsStatus.reactive.isVisible <~ state.map { $0 == .noResults }
        view.noResultsStatus.reactive.description <~ SignalProducer(value: SearchViewModel.noResultsHint)
        view.failedStatus.reactive.isVisible <~ state.map { if case .failed = $0 { true } else { false } }
        view.failedStatus.reactive.description <~ search.failureText
        view.scroller.reactive.isVisible <~ state.map { $0 == .results }
        view.footer.reactive.text <~ search.footerText
        view.footer.reactive.isVisible <~ state.map { $0 == .results }
        search.isNearEnd <~ view.scroller.reactive.isNearEnd().take(during: lifetime)

        search.itemChanges.startObserving(during: lifetime) { changes in
            GoodsRowBinding.resolvePictures(of: changes.arrivals().map(\.item), with: pictures)
        }
        view.list.reactive.items(search.itemChanges, rows: Self.rows(pictures: pictures, opening: screen))
        view.list.reactive.activated.observe(with: self) { $0.search.select(at: $1) }
    }

    /// Ctrl+F, kept for search by the window's actions.
    static let accelerator = "<Control>f"

    /// The results' rows: the goods list's rows, the title's matches highlighted, their seller,
    /// place and reply buttons opening their pages through `screen` as the list's do.
    static func rows(pictures: PictureLocator, opening screen: (any GoodsRowNavigating)?) -> ListRowHooks<GoodsRowView, SearchResult> {
        ListRowHooks(
            setup: { GoodsRowView() },
            bind: { [weak screen] row, result, scope in
                GoodsRowBinding.bind(result.item, to: row, pictures: pictures, during: scope)
                if let screen { GoodsRowBinding.bindPages(of: result.item, in: row, to: screen, during: scope) }
                row.title.setHighlights(result.titleHighlights)
            },
            placeholder: { row, _ in
                GoodsRowBinding.showNothing(in: row)
                row.title.setHighlights([])
            },
            unbind: { row in
                row.clearPictures()
                row.title.setHighlights([])
            })
    }
}
