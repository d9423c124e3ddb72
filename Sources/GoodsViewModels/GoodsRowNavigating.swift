import GoodsDomain
import ViewModelKit

/// A screen whose goods rows open their seller's, place's and comments' pages (the demo's row
/// taps: the avatar and nickname, the place, the reply button): the goods list and the seller
/// and place pages. The pages are opened by route; the app router builds them.
@MainActor
public protocol GoodsRowNavigating: ViewModel {}

extension GoodsRowNavigating {
    /// Opens the page of the goods `item`'s seller lists, titled with their nickname.
    public func openSeller(of item: GoodsItemViewModel) {
        open(GoodsRoutes.seller, item.goods.seller)
    }

    /// Opens the page of the goods at `item`'s place, titled with the place.
    public func openPlace(of item: GoodsItemViewModel) {
        open(GoodsRoutes.place, item.place)
    }

    /// Opens `item`'s comments (商品N的评论列表), sharing the row's message count.
    public func openComments(of item: GoodsItemViewModel) {
        open(GoodsRoutes.comments, item)
    }
}

extension GoodsViewModel: GoodsRowNavigating {}
