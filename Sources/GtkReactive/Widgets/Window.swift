import CGtk

/// A `GtkWindow`. Made with `Window(title:)` or `Window(toplevel:)`, its `lifetime` ends when it
/// closes; a window from a layout lives as long as its layout.
open class Window: Widget {
    override open class var gtkType: GType { gtk_window_get_type() }

    /// A new toplevel window titled `title`.
    public convenience init(title: String = "") {
        self.init(toplevel: gtk_window_new())
        self.title = title
    }

    /// The title in its title bar.
    public var title: String {
        get { gtk_window_get_title(pointer.typed(GtkWindow.self)).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(pointer.typed(GtkWindow.self), newValue) }
    }

    /// The size it opens at, in pixels (-1: its natural size).
    public func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(pointer.typed(GtkWindow.self), Int32(clamping: width), Int32(clamping: height))
    }

    /// Shows it and brings it to the front.
    public func present() { gtk_window_present(pointer.typed(GtkWindow.self)) }

    /// Asks it to close, as its close button does (`close-request` may keep it open).
    public func close() { gtk_window_close(pointer.typed(GtkWindow.self)) }

    /// Closes it without asking: it leaves the open windows (its memory lasts while wrapped).
    public func destroy() { gtk_window_destroy(pointer.typed(GtkWindow.self)) }

    /// Whether it is the active (focused) window.
    public var isActive: Bool { gtk_window_is_active(pointer.typed(GtkWindow.self)) != 0 }

    /// Whether it is still open (in GTK's list of toplevels).
    public var isOpen: Bool {
        guard let toplevels = gtk_window_get_toplevels() else { return false }
        var index: guint = 0
        while let item = g_list_model_get_item(toplevels, index) {
            g_object_unref(item)
            if item == UnsafeMutableRawPointer(pointer) { return true }
            index += 1
        }
        return false
    }
}
