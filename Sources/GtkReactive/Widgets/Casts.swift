import CGtk

/// GTK's cast macros are not imported into Swift. These reinterpret a widget pointer as the
/// pointer type a GTK function takes; the functions still check the instance's type themselves
/// (`g_return_if_fail`), so a wrong widget is a GTK critical, never a crash.
extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// For the GTK types Swift imports as opaque (final types: GtkLabel, GtkSwitch…).
    var opaque: OpaquePointer { OpaquePointer(self) }

    /// For the GTK types Swift imports as structs (derivable types: GtkButton, GtkBox…).
    func typed<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
    }
}
