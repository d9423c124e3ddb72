import CGtk

extension ListView {
    /// Scrolls the list so the row at `position` (from 0) shows, with the least scrolling
    /// (GTK 4.8's `list.scroll-to-item` action: GTK 4.8 has no `gtk_list_view_scroll_to`).
    /// A position without a row does nothing.
    public func scrollToItem(at position: Int) {
        guard position >= 0, let index = UInt32(exactly: position) else { return }
        _ = gtk_widget_activate_action_variant(pointer, "list.scroll-to-item", g_variant_new_uint32(index))
    }
}
