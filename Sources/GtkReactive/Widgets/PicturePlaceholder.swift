import CGtk

extension Picture {
    /// Shows nothing, at the size (so the aspect) of a `width` × `height` picture: a page keeps
    /// its place and its proportions until its picture arrives.
    public func showEmpty(width: Int, height: Int) {
        guard let empty = gdk_paintable_new_empty(Int32(clamping: max(0, width)), Int32(clamping: max(0, height))) else { return }
        gtk_picture_set_paintable(pointer.opaque, empty)
        g_object_unref(UnsafeMutableRawPointer(empty))
    }
}
