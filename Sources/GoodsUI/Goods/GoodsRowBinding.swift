import GoodsViewModels
import GtkReactive
import PluginKit
import Reactive
import ViewModelKit

/// How a goods row shows an item, on the controller's side: the item's texts go into the row's
/// widgets, its pictures and its like are bound within the row's scope (from bind to unbind),
/// so nothing of one item reaches the next one the row shows (seed pitfall 5). The row's view
/// (`GoodsRowView`) never sees the item; the item's view model never sees the row.
@MainActor
public enum GoodsRowBinding {
    /// The goods list's rows: made from `goods-row.ui`, bound to one item at a time, their
    /// pictures dropped on unbind.
    public static func rows(pictures: PictureLocator) -> ListRowHooks<GoodsRowView, GoodsItemViewModel> {
        rows(pictures: pictures, opening: nil)
    }

    /// The goods rows of a screen whose rows open their seller's, place's and comments' pages
    /// through `screen` (the goods list, the seller and place pages); nil: the buttons do nothing.
    public static func rows(pictures: PictureLocator, opening screen: (any GoodsRowNavigating)?) -> ListRowHooks<GoodsRowView, GoodsItemViewModel> {
        ListRowHooks(
            setup: { GoodsRowView() },
            bind: { [weak screen] row, item, scope in
                bind(item, to: row, pictures: pictures, during: scope)
                if let screen { bindPages(of: item, in: row, to: screen, during: scope) }
            },
            placeholder: { row, _ in showNothing(in: row) },
            unbind: { row in row.clearPictures() })
    }

    /// Shows `item` in `row` until `scope` ends: texts at once, pictures as they decode (off
    /// the GTK thread, through `pictures`), the like button following the item's like state,
    /// which the row keeps while the scope lasts. A press runs the like for this item only.
    public static func bind(_ item: GoodsItemViewModel, to row: GoodsRowView, pictures: PictureLocator, during scope: Lifetime) {
        // What screen readers (and the UI tests' row titles) call the row.
        row.root.setAccessibleLabel(item.title)
        row.root.setAccessibleDescription(item.accessibleDescription)
        // The list's row itself (what takes the focus) is read by its title too.
        row.root.setListItemAccessibleLabel(item.title)
        let avatar = row.avatar.within(scope)
        avatar.reactive.text <~ SignalProducer(value: item.nickname)
        avatar.reactive.picture(loader: pictures.loader) <~ SignalProducer(value: pictures.source(for: item.avatar))
        row.verified.isVisible = item.isVerified
        row.nickname.text = item.nickname
        row.time.text = item.publishTime
        let images = item.images
        for (index, picture) in row.pictures.enumerated() {
            // The strip shows as many pictures as the item has; the others stay hidden and
            // empty (unbind cleared them), with nothing bound.
            picture.isVisible = images.indices.contains(index)
            guard images.indices.contains(index) else { continue }
            picture.within(scope).reactive.picture(loader: pictures.loader) <~ SignalProducer(value: pictures.source(for: images[index]))
        }
        row.price.text = item.price ?? ""
        row.price.isVisible = item.price != nil
        row.originalPrice.text = item.originalPrice ?? ""
        row.originalPrice.isVisible = item.originalPrice != nil
        row.freight.text = item.freightExplain
        row.count.text = item.count
        row.brandNew.isVisible = item.isBrandNew
        row.title.text = item.title
        row.description.text = item.description
        row.place.text = item.place
        row.sellerButton.setAccessibleLabel(item.nickname)
        row.placeButton.setAccessibleLabel(item.place)
        // The reply button: the count, even 0, following comments added on the comments page.
        row.messages.within(scope).reactive.text <~ item.messagesButtonText
        row.reply.within(scope).reactive.accessibleLabel <~ item.messagesAccessibleName

        // The like: the row's input. The state lives while the row shows the item (a running
        // like keeps it by itself); the button's bindings end with the scope.
        let like = item.likeState()
        let button = row.like.within(scope)
        button.reactive.label <~ like.buttonText
        button.reactive.accessibleLabel <~ like.accessibleName
        button.reactive.isActive <~ like.isPressed
        button.reactive.pressed = CocoaAction(like.action)
        scope.observeEnded { withExtendedLifetime(like) {} }
    }

    /// The row's seller, place and reply buttons open their pages through `screen`, for this
    /// item only (until `scope` ends). Their clicks are theirs: the row is not activated.
    public static func bindPages(of item: GoodsItemViewModel, in row: GoodsRowView, to screen: any GoodsRowNavigating, during scope: Lifetime) {
        row.sellerButton.within(scope).reactive.clicked.take(during: scope).observe(with: screen) { $0.openSeller(of: item) }
        row.placeButton.within(scope).reactive.clicked.take(during: scope).observe(with: screen) { $0.openPlace(of: item) }
        row.reply.within(scope).reactive.clicked.take(during: scope).observe(with: screen) { $0.openComments(of: item) }
    }

    /// A row whose item is not loaded: no title, nothing to read out.
    static func showNothing(in row: GoodsRowView) {
        row.root.setAccessibleLabel("")
        row.root.setAccessibleDescription("")
        row.root.setListItemAccessibleLabel("")
        row.title.text = ""
        row.clearPictures()
    }

    /// Resolves the pictures of the items a change adds ahead of their rows' binds, off the GTK
    /// thread (see `PictureLocator.resolveAhead`).
    public static func resolvePictures(of changes: IndexedChangeSet<GoodsItemViewModel>, with pictures: PictureLocator) {
        resolvePictures(of: changes.arrivals(), with: pictures)
    }

    /// Resolves the pictures of `items` (rows about to show) off the GTK thread.
    static func resolvePictures(of items: [GoodsItemViewModel], with pictures: PictureLocator) {
        pictures.resolveAhead(items.flatMap { item in [item.avatar].compactMap { $0 } + item.images })
    }
}
