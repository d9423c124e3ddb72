import GtkShim

/// Web links opened in the desktop's browser.
@MainActor
public enum WebLink {
    /// Opens `uri` in the browser, over `window` (a `GtkWindow`: the browser may be asked to
    /// raise over it). Only `http` and `https` links open, whatever the caller checked: never a
    /// file, a script or another application's scheme — those are ignored. A widget that is
    /// not a window opens it over no window.
    public static func open(_ uri: String, over window: Widget?) {
        grshim_open_uri(window.flatMap { Window.isInstance($0.pointer) ? $0.pointer : nil }, uri)
    }
}
