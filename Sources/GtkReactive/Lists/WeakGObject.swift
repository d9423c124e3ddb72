import CGtk
import Reactive

/// A weak reference to a GObject that may cross threads: it never keeps the object alive, and
/// reads nil once the object is disposed.
final class WeakGObject: @unchecked Sendable { // safe: GWeakRef is thread-safe; `ref` never changes
    private let ref: UnsafeMutablePointer<GWeakRef>

    init(_ object: UnsafeMutableRawPointer) {
        ref = .allocate(capacity: 1)
        ref.initialize(to: GWeakRef())
        g_weak_ref_init(ref, object)
    }

    convenience init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.init(UnsafeMutableRawPointer(widget)) }

    /// The object with a new reference (the caller unrefs it), or nil when it is gone.
    func get() -> UnsafeMutableRawPointer? { g_weak_ref_get(ref) }

    deinit {
        g_weak_ref_clear(ref)
        ref.deinitialize(count: 1)
        ref.deallocate()
    }
}

/// Whether `object` is an instance of `type` (GTK's `G_TYPE_CHECK_INSTANCE_TYPE`, a macro).
func isInstance(_ object: UnsafeMutableRawPointer, of type: GType) -> Bool {
    g_type_check_instance_is_a(object.assumingMemoryBound(to: GTypeInstance.self), type) != 0
}
