import CGtk

/// Runs an action when a GObject is disposed (through a GLib weak reference, so it never keeps
/// the object alive), unless cancelled first. Both happen on the GTK thread.
@MainActor
final class DisposeWatch {
    private var object: UnsafeMutableRawPointer?
    private var action: (@MainActor () -> Void)?

    init(_ object: UnsafeMutableRawPointer, _ action: @escaping @MainActor () -> Void) {
        self.object = object
        self.action = action
        // GLib holds the watch until it fires or is cancelled.
        g_object_weak_ref(object.assumingMemoryBound(to: GObject.self), disposeWatchNotify, Unmanaged.passRetained(self).toOpaque())
    }

    /// Whether the object is still there and watched.
    var isWatching: Bool { object != nil }

    /// Stops watching (the object is still alive); the action will not run.
    func cancel() {
        guard let object else { return }
        self.object = nil
        action = nil
        let data = Unmanaged.passUnretained(self).toOpaque()
        g_object_weak_unref(object.assumingMemoryBound(to: GObject.self), disposeWatchNotify, data)
        Unmanaged<DisposeWatch>.fromOpaque(data).release()
    }

    fileprivate func fire() {
        object = nil
        let action = self.action
        self.action = nil
        action?()
    }
}

/// GLib's weak notify: the object is being disposed. Takes back the watch's retain.
private let disposeWatchNotify: @convention(c) (gpointer?, UnsafeMutablePointer<GObject>?) -> Void = { data, _ in
    guard let data else { return }
    let watch = Unmanaged<DisposeWatch>.fromOpaque(data).takeRetainedValue()
    GtkThread.assumeCurrent { watch.fire() }
}
