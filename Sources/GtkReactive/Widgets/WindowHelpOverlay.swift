import CGtk

extension Window {
    /// Makes `overlay` (a `GtkShortcutsWindow`) this application window's help overlay: GTK adds
    /// the `win.show-help-overlay` action that shows it, transient for the window and hidden, not
    /// destroyed, on close. For an overlay GtkApplication did not load itself from
    /// `<resource base path>/gtk/help-overlay.ui`. False when either is not of its kind.
    @discardableResult
    public func setHelpOverlay(_ overlay: Window) -> Bool {
        let instance = UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GTypeInstance.self)
        let shortcuts = UnsafeMutableRawPointer(overlay.pointer).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, gtk_application_window_get_type()) != 0,
              g_type_check_instance_is_a(shortcuts, gtk_shortcuts_window_get_type()) != 0 else { return false }
        gtk_application_window_set_help_overlay(pointer.typed(), overlay.pointer.opaque)
        return true
    }
}
