import CGtk

extension Window {
    /// The size it opens at — after the user resized it, the size it has (what a program saves
    /// to open at next time); -1 for a dimension left to its natural size.
    public var defaultSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_window_get_default_size(pointer.typed(GtkWindow.self), &width, &height)
        return (Int(width), Int(height))
    }
}
