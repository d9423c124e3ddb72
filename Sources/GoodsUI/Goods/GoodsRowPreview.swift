import GoodsViewModels
import GtkReactive
import PluginKit
import Reactive

/// A goods row on its own, outside a list (tests, previews): a `GoodsRowView` (the ViewManager)
/// and the binding of one item at a time through `GoodsRowBinding` (the controller side), each
/// ended before the next begins, as the list's rows are. It keeps no item: only the binding's
/// lifetime.
@MainActor
public final class GoodsRowPreview {
    /// The row's widgets.
    public let view: GoodsRowView
    private var binding: Lifetime.Token?

    public init() { view = GoodsRowView() }

    /// The row's top widget.
    public var root: Widget { view.root }
    /// The like button.
    public var like: Widget { view.like }

    /// Shows `item`; ends any earlier binding first.
    public func bind(_ item: GoodsItemViewModel, pictures: PictureLocator) {
        unbind()
        let (scope, token) = Lifetime.make()
        binding = token
        GoodsRowBinding.bind(item, to: view, pictures: pictures, during: scope)
    }

    /// Ends the current binding: nothing of the old item reaches the row any more, and the row
    /// lets go of its pictures' textures (the shared cache decides what stays decoded).
    public func unbind() {
        binding?.dispose()
        binding = nil
        view.clearPictures()
    }

    isolated deinit { binding?.dispose() }
}

extension GoodsRowBinding {
    /// Shows `item` in the standalone `row` until its next bind or unbind.
    public static func bind(_ item: GoodsItemViewModel, to row: GoodsRowPreview, pictures: PictureLocator) {
        row.bind(item, pictures: pictures)
    }
}
