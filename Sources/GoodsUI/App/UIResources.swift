import GtkReactive

extension UIResourceBundle {
    /// GoodsUI's layouts (`data/ui/*.ui`, compiled in by the EmbedGResource plugin from
    /// `GoodsUI.gresource.xml`), for code outside the module: tests, and plugins that reuse a
    /// row or a dialog. Inside GoodsUI, `.module` is the same bundle.
    public static var goodsUI: UIResourceBundle { .module }
}
