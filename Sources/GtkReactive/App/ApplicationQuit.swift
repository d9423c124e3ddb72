import CGtk

extension Application {
    /// Closes every window of the application, then quits: the path closing the last window by
    /// hand takes (sizes are saved, screens end), for a Quit command (`app.quit`, Ctrl+Q).
    public func quitClosingWindows() {
        destroyWindows(of: pointer)
        quit()
    }
}

/// Destroys every window of `application`: destroying one takes it off the list, so from a
/// copy, each held while it goes.
func destroyWindows(of application: UnsafeMutablePointer<GtkApplication>) {
    var windows: [UnsafeMutableRawPointer] = []
    var item = gtk_application_get_windows(application)
    while let node = item {
        if let window = node.pointee.data { windows.append(window) }
        item = node.pointee.next
    }
    for window in windows {
        g_object_ref(window)
        gtk_window_destroy(window.assumingMemoryBound(to: GtkWindow.self))
        g_object_unref(window)
    }
}
