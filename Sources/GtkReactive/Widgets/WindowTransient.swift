import CGtk

extension Window {
    /// The window this one stays above (a dialog's parent); GTK centres it there, and a modal
    /// one blocks input to it. A layout cannot name a window outside its file, so dialogs set it
    /// in code once loaded.
    public var transientFor: Window? {
        get { gtk_window_get_transient_for(pointer.typed(GtkWindow.self)).map { Window(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self)) } }
        set { gtk_window_set_transient_for(pointer.typed(GtkWindow.self), newValue?.pointer.typed(GtkWindow.self)) }
    }
}
