import CGtk

extension UILayout {
    /// The menu declared with `id` (`<menu id="primary_menu">`, or a `<section>`'s); it lives as
    /// long as the returned wrapper, whether the layout does or not. For this package's tests of
    /// the loader; an app reaches its menus through its generated `TypedLayout`.
    package func menu(id: String) throws(UIFileError) -> Menu {
        let object = try object(id: id, type: g_menu_get_type())
        return Menu(retaining: OpaquePointer(object))
    }

    /// The menu declared with `id`: what a generated `TypedLayout`'s menu outlets call. A file
    /// that did not load gives a new, empty menu (the problem is logged, as for `outlet(_:id:)`).
    public func menuOutlet(id: String) -> Menu {
        do {
            return try menu(id: id)
        } catch {
            if self.error == nil { GtkLog.problem(error.description) }
            return Menu()
        }
    }
}
