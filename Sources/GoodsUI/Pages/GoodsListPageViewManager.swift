import GtkReactive
import Reactive
import ViewModelKit

/// The widgets of a page of some goods (a seller's, a place's), from `goods-list-page.ui`: the
/// rows, a status page in their place when there are none, and the footer. Owns widgets only.
@MainActor
public final class GoodsListPageViewManager: ScreenView {
    let layout: GoodsListPageLayout
    public let page: Box
    /// In the rows' place when the page holds no goods.
    let emptyStatus: StatusPage
    let scroller: ScrolledWindow
    let list: ListView
    /// 正在加载更多的数据... or 已经到底了 under the rows.
    let footer: Label
    /// 点击或上拉加载更多 under the rows, a flat button.
    let footerMore: Button

    /// Ends when the view manager is released.
    public var lifetime: Lifetime { layout.lifetime }

    public init() {
        let layout = GoodsListPageLayout()
        self.layout = layout
        page = layout.page
        emptyStatus = layout.emptyStatus
        scroller = layout.scroller
        list = layout.list
        footer = layout.footer
        footerMore = layout.footerMore
    }

    /// The footer: `text` on the label, or on the flat button when it loads more; one shows.
    var footerContent: BindingTarget<(text: String, isButton: Bool)> {
        BindingTarget(with: self) { view, content in
            if content.isButton { view.footerMore.label = content.text } else { view.footer.text = content.text }
            view.footerMore.isVisible = content.isButton
            view.footer.isVisible = !content.isButton && !content.text.isEmpty
        }
    }
}
