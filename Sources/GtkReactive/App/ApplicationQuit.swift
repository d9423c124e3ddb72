import CGtk

extension Application {
    /// Closes every window of the application, then quits: the path closing the last window by
    /// hand takes (sizes are saved, screens end), for a Quit command (`app.quit`, Ctrl+Q).
    public func quitClosingWindows() {
        var windows: [UnsafeMutableRawPointer] = []
        var item = gtk_application_get_windows(pointer)
        while let node = item {
            if let window = node.pointee.data { windows.append(window) }
            item = node.pointee.next
        }
        // Destroying a window takes it off the list, so from a copy, each held while it goes.
        for window in windows {
            g_object_ref(window)
            gtk_window_destroy(window.assumingMemoryBound(to: GtkWindow.self))
            g_object_unref(window)
        }
        quit()
    }
}
