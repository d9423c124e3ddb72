import CGtk
import Foundation
import Reactive

extension ListEvents {
    /// The positions of the rows activated in the `GtkListView` `listView` (a click with
    /// single-click activation, a double click, Enter). Connects to `activate` when started, and
    /// disconnects when the observation ends; completes when the list view goes.
    public static func activations(of listView: UnsafeMutablePointer<GtkWidget>) -> SignalProducer<Int, Never> {
        let target = WeakObject(listView)
        return SignalProducer { observer, lifetime in
            onGtkThread(during: lifetime) {
                guard let instance = target.get() else {
                    observer.sendCompleted()
                    return
                }
                defer { g_object_unref(instance) }
                guard isInstance(instance, of: gtk_list_view_get_type()) else {
                    observer.sendCompleted()
                    return
                }
                lifetime += PositionSignalConnection(instance, signal: "activate",
                                                     { position in observer.send(value: position) },
                                                     released: { observer.sendCompleted() })
            }
        }
    }
}

/// The Swift side of one connection to a signal that passes one `guint` (a position).
private final class PositionHandler {
    let action: (Int) -> Void
    let released: () -> Void
    init(_ action: @escaping (Int) -> Void, released: @escaping () -> Void) {
        self.action = action
        self.released = released
    }
    deinit { released() }
}

/// GLib's marshaller calls this with the signal's `guint` as a 32-bit argument: declaring it as
/// a pointer would read the register's undefined upper half.
private let positionTrampoline: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, position, data in
    guard let data else { return }
    Unmanaged<PositionHandler>.fromOpaque(data).takeUnretainedValue().action(Int(position))
}

private let releasePositionHandler: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
    guard let data else { return }
    Unmanaged<PositionHandler>.fromOpaque(data).release()
}

/// A connection to a `guint` signal of a GObject, through a weak reference. Disposing it
/// disconnects (on the GTK thread); the object's end drops it too, and either way `released` runs
/// once, when GLib lets the handler go.
private final class PositionSignalConnection: Disposable, @unchecked Sendable { // safe: `disposed` is read and written on the GTK thread only
    private let object: WeakObject
    private let handlerID: gulong
    private var disposed = false

    @MainActor
    init(_ instance: UnsafeMutableRawPointer, signal: String,
         _ action: @escaping @MainActor (Int) -> Void, released: @escaping @MainActor () -> Void) {
        object = WeakObject(instance)
        let handler = PositionHandler({ position in MainActor.assumeIsolated { action(position) } },
                                      released: { MainActor.assumeIsolated { released() } })
        handlerID = g_signal_connect_data(instance, signal, unsafeBitCast(positionTrampoline, to: GCallback.self),
                                          Unmanaged.passRetained(handler).toOpaque(), releasePositionHandler,
                                          GConnectFlags(rawValue: 0))
    }

    var isDisposed: Bool { disposed }

    func dispose() {
        guard GtkThread.isCurrent else {
            DispatchQueue.main.async { self.dispose() }
            return
        }
        guard !disposed else { return }
        disposed = true
        guard let instance = object.get() else { return }
        if g_signal_handler_is_connected(instance, handlerID) != 0 { g_signal_handler_disconnect(instance, handlerID) }
        g_object_unref(instance)
    }
}
