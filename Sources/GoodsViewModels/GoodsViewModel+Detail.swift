import Localization
import ViewModelKit

/// The goods list opens each item beside it on a wide window (list | detail); until one is
/// chosen the space says 选择一件商品.
extension GoodsViewModel: ListDetailPresenting {
    public var detailPlaceholder: DetailPlaceholder {
        DetailPlaceholder(title: tr("选择一件商品"), description: tr("商品的详情显示在这里"))
    }
}
