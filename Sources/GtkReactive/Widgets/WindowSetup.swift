import CGtk
import GtkShim

/// What a window needs to be set up as a dialog or an application's window.
extension Window {
    /// Keeps the window above `parent` (a window; anything else is ignored), as a dialog over it;
    /// nil: no parent.
    public func setParent(_ parent: Widget?) {
        guard let parent else { return gtk_window_set_transient_for(pointer.typed(GtkWindow.self), nil) }
        guard Window.isInstance(parent.pointer) else { return }
        gtk_window_set_transient_for(pointer.typed(GtkWindow.self), parent.pointer.typed(GtkWindow.self))
    }

    /// Whether the window blocks input to the others while it is open.
    public var isModal: Bool {
        get { gtk_window_get_modal(pointer.typed(GtkWindow.self)) != 0 }
        set { gtk_window_set_modal(pointer.typed(GtkWindow.self), newValue ? 1 : 0) }
    }

    /// Makes the window one of `application`'s (it then keeps the application running); nil: none.
    public func setApplication(_ application: UnsafeMutablePointer<GtkApplication>?) {
        gtk_window_set_application(pointer.typed(GtkWindow.self), application)
    }

    /// The size the window opens at (-1: its natural size).
    public var defaultSize: (width: Int, height: Int) {
        var width: gint = 0
        var height: gint = 0
        gtk_window_get_default_size(pointer.typed(GtkWindow.self), &width, &height)
        return (Int(width), Int(height))
    }
}
