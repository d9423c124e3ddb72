import GtkReactive
import Reactive

/// The goods page's search widgets, from `search.ui`: the entry (the controller puts it in the
/// header bar as chrome) and the page that holds the goods list's own page (`listSlot`) and the
/// results in its place (status pages for searching, nothing found and failure; the rows and
/// their footer). It owns widgets only and knows no view model.
@MainActor
final class SearchViewManager {
    let layout: SearchLayout
    /// 输入你要找的宝贝.
    let entry: SearchEntry
    /// The screen's page: the goods list, or the results in its place.
    let page: Box
    /// Holds the goods list's page.
    let listSlot: Box
    /// The results' part of the page (hidden while no query is typed).
    let resultsArea: Widget
    let searchingStatus: StatusPage
    let searchingSpinner: Spinner
    /// 没有找到宝贝, with a hint.
    let noResultsStatus: StatusPage
    /// 搜索失败, with why.
    let failedStatus: StatusPage
    let scroller: ScrolledWindow
    let list: ListView
    let footer: Label

    /// Ends when the view manager is released.
    var lifetime: Lifetime { layout.lifetime }

    /// The search widgets, with `listPage` (the goods list's page) in the list's slot.
    init(listPage: Widget) {
        let layout = SearchLayout()
        self.layout = layout
        entry = layout.searchEntry
        page = layout.searchPage
        listSlot = layout.listSlot
        resultsArea = layout.resultsArea
        searchingStatus = layout.searchingStatus
        searchingSpinner = layout.searchingSpinner
        noResultsStatus = layout.noResultsStatus
        failedStatus = layout.failedStatus
        scroller = layout.resultsScroller
        list = layout.resultsList
        footer = layout.resultsFooter
        listPage.expandsVertically = true
        listSlot.append(listPage)
    }
}
