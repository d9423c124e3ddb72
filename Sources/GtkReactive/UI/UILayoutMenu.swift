import CGtk

extension UILayout {
    /// The menu declared with `id` (`<menu id="primary_menu">`); it lives as long as the
    /// returned wrapper, whether the layout does or not.
    public func menu(id: String) throws(UIFileError) -> Menu {
        let object = try object(id: id, type: g_menu_get_type())
        return Menu(retaining: OpaquePointer(object))
    }
}
